/** A SELECT on a Bugzilla database, whichever its engine: rows as plain objects. */
export type SelectRows = (sql: string) => Promise<Array<Record<string, unknown>>>;
