import pg from 'pg';
import { expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { migrate } from './migrate.js';

describeWithPostgres('the search indexes (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  // Every search reads a GIN index's pending list whole (migration 0072): none may hold the default 4 MB.
  it('keeps every GIN index pending list at the smallest limit', async () => {
    await migrate(databaseUrl());
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ relname: string; reloptions: string[] | null }>(
        `SELECT c.relname, c.reloptions FROM pg_class c JOIN pg_am am ON am.oid = c.relam
          WHERE c.relkind = 'i' AND am.amname = 'gin' ORDER BY c.relname`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.reloptions, row.relname).toContain('gin_pending_list_limit=64');
    } finally {
      await client.end();
    }
  });
});
