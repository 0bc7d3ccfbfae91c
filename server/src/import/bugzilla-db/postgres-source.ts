import pg from 'pg';
import { BUGZILLA_SQL } from '../../stores/postgres/bugzilla-dialect.js';
import type { BugzillaSource } from './bugzilla-source.js';

/** A Bugzilla database on PostgreSQL, its times read as BUGZILLA_SQL reads them when serving one. */
const READERS = 4;

export async function openPostgresSource(url: string): Promise<BugzillaSource> {
  // A few connections, so that the big tables are read at once: the server sorts one while we parse another.
  const client = new pg.Pool({ connectionString: url, max: READERS });
  client.on('error', () => {});
  // Connect now, so that a wrong address or password fails here, in one line.
  (await client.connect()).release();
  return {
    engine: 'postgres',
    async select(sql) {
      return (await client.query<Record<string, unknown>>(sql)).rows;
    },
    epoch: BUGZILLA_SQL.epochSeconds,
    dateText: (column) => `to_char(${column}, 'YYYY-MM-DD')`,
    async tables() {
      const { rows } = await client.query<{ name: string }>(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',
      );
      return new Set(rows.map((row) => row.name.toLowerCase()));
    },
    async columns(table) {
      const { rows } = await client.query<{ name: string }>(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      );
      return new Set(rows.map((row) => row.name.toLowerCase()));
    },
    close: () => client.end(),
  };
}
