import pg from 'pg';
import { expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { knownMigrations, MIGRATIONS_TABLE, migrate, SchemaError } from './migrate.js';
import { BMO_TABLES, BUGZILLA_TABLES, OWN_TABLES } from './tables.js';

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describeWithPostgres('migrate (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it('creates Bugzilla-named tables on an empty database, then has nothing left to do', async () => {
    expect(await migrate(databaseUrl())).toEqual(knownMigrations());
    const tables = await query<{ table_name: string }>(
      databaseUrl(),
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = tables.map((row) => row.table_name);
    // Exactly these: an import empties the lists' tables, so a table missing from them would keep stale rows.
    expect(names.sort()).toEqual([...BUGZILLA_TABLES, ...BMO_TABLES, ...OWN_TABLES, MIGRATIONS_TABLE].sort());
    const visitColumns = await query<{ column_name: string; data_type: string }>(
      databaseUrl(),
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'bug_user_last_visit'`,
    );
    expect(visitColumns).toContainEqual({ column_name: 'last_visit_ts', data_type: 'timestamp without time zone' });
    expect(await migrate(databaseUrl())).toEqual([]);
  });

  it('lets instances that start together take turns', async () => {
    const results = await Promise.all([migrate(databaseUrl()), migrate(databaseUrl()), migrate(databaseUrl())]);
    expect(results).toEqual([[], [], []]);
  });

  it('refuses a database a newer bz-companion has migrated, changing nothing', async () => {
    await query(databaseUrl(), `INSERT INTO ${MIGRATIONS_TABLE} (name, run_on) VALUES ('9999_from-the-future', now())`);
    const error = await migrate(databaseUrl()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toMatch(/newer than this bz-companion .*9999_from-the-future.*upgrade/);
    await query(databaseUrl(), `DELETE FROM ${MIGRATIONS_TABLE} WHERE name = '9999_from-the-future'`);
  });
});

describeWithPostgres('migrate on a database that is not ours (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it('refuses tables it did not make, and creates none', async () => {
    await query(databaseUrl(), 'CREATE TABLE profiles (userid integer)');
    await expect(migrate(databaseUrl())).rejects.toThrow(/tables bz-companion did not make \(profiles\)/);
    const tables = await query(databaseUrl(), `SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables).toHaveLength(1);
  });
});
