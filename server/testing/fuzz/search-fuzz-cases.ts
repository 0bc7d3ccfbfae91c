/*
 * Parameter sets the search fuzz (search.fuzz.test.ts) found answered otherwise in memory than on
 * PostgreSQL (or with a 500), kept once fixed so that they stay fixed; the first is a plain chart.
 */
export const SEARCH_FUZZ_CASES: string[] = ['f1=bug_status&o1=equals&v1=RESOLVED'];
