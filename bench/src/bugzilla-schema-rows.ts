import { rm } from 'node:fs/promises';
import { loadBugzilla, makeBugzillaDir } from '@bz-companion/server/postgres/bugzilla-testing';
import { serveCli } from '@bz-companion/server/testing';
import type { LoadResult, LoadSpec } from './load-generator.js';
import type { BenchDatabase } from './postgres-rows.js';

/** admin@example.com's key in the recorded data set: the one user involved in every bug (1-12), so every POST records. */
const ADMIN_KEY = 'OracleAdminKey0000000000000000000000000A';
const RECORDED_BUGS = 12;

export const BUGZILLA_SCHEMA_SERVER = 'bz-companion over a Bugzilla 5.2 database (--bugzilla-schema), 1 instance';

/**
 * Durable visit POSTs through `serve --bugzilla-schema` over Bugzilla 5.2's real DDL holding the
 * recorded data set (12 bugs), each written into Bugzilla's own bug_user_last_visit as 5.2 writes
 * it. The key is in the query: the bugzilla-5.2 profile ignores the header, as 5.2 does.
 */
export async function measureBugzillaSchema(
  database: BenchDatabase,
  load: (spec: LoadSpec) => Promise<LoadResult>,
): Promise<LoadResult> {
  const url = await database.create('bugzilla52');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await loadBugzilla(client);
  } finally {
    await client.end();
  }
  const dir = await makeBugzillaDir();
  const server = await serveCli(url, ['--bugzilla-schema', '--bugzilla-dir', dir], { readyTimeoutMs: 60_000 });
  try {
    return await load({
      method: 'POST',
      url: `${server.url}/rest/bug_user_last_visit/{id}?Bugzilla_api_key=${ADMIN_KEY}`,
      ids: RECORDED_BUGS,
    });
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
