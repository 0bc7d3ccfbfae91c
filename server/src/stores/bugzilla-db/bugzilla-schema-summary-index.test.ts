import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BugzillaServer, openBugzillaServer } from '../../../testing/bugzilla-test-database.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { ManualClock } from '../../../testing/in-process-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';

const ADMIN_KEY = 'OracleAdminKey0000000000000000000000000A';

/** The statements docs/postgresql.md gives an administrator for summary substrings beside Bugzilla. */
async function documentedStatements(): Promise<string[]> {
  const docs = await readFile(new URL('../../../../docs/postgresql.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('**Searching words in summaries**'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/*
 * docs/postgresql.md's index for summary substrings beside a Bugzilla database, run as written: the
 * search statement the store sends (its summary test an ILIKE) can use it, and answers as before.
 */
describeWithPostgres('the summary index docs/postgresql.md offers a Bugzilla database', () => {
  const url = useFreshDatabase();
  let bugzilla: BugzillaServer;

  beforeAll(async () => {
    bugzilla = await openBugzillaServer(url(), { clock: new ManualClock(Date.parse('2026-11-22T17:48:52Z')) });
  });
  afterAll(() => bugzilla?.close());

  it('builds as documented, and the store’s summary search reads it', async () => {
    const api = httpClient(bugzilla.server.url);
    const search = async () =>
      (
        await getOk<{ bugs: Array<{ id: number }> }>(
          api,
          `/rest/bug?summary=public&include_fields=id&Bugzilla_api_key=${ADMIN_KEY}`,
        )
      ).bugs;
    const before = await search();
    expect(before.map((bug) => bug.id)).toEqual([1, 2, 5]);
    const statements = await documentedStatements();
    expect(statements).toHaveLength(2);
    // One at a time: CREATE INDEX CONCURRENTLY refuses to run inside a transaction block.
    for (const statement of statements) await bugzilla.sql.query(statement);
    expect(await search()).toEqual(before);
    await bugzilla.sql.query('SET enable_seqscan = off');
    const plan = await bugzilla.sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT b.bug_id FROM bugs b WHERE b.short_desc ILIKE '%public%'`,
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('bugs_short_desc_trgm_idx');
  });
});
