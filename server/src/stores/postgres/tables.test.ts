import pg from 'pg';
import { expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { migrate } from './migrate.js';
import { BMO_TABLES, BUGZILLA_TABLES, OWN_TABLES, TABLES_REFERRING_FIRST } from './tables.js';

describeWithPostgres('the tables the store keeps (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it('are deleted in an order every foreign key allows: each table before those it refers to', async () => {
    await migrate(databaseUrl());
    expect([...TABLES_REFERRING_FIRST].sort()).toEqual([...BUGZILLA_TABLES, ...BMO_TABLES, ...OWN_TABLES].sort());
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ referring: string; referred: string }>(
        `SELECT conrelid::regclass::text AS referring, confrelid::regclass::text AS referred
         FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`,
      );
      expect(rows.length).toBeGreaterThan(0);
      const position = (table: string) => TABLES_REFERRING_FIRST.indexOf(table as never);
      for (const { referring, referred } of rows) {
        expect(position(referring), `${referring} -> ${referred}`).toBeGreaterThanOrEqual(0);
        expect(position(referring), `${referring} before ${referred}`).toBeLessThan(position(referred));
      }
    } finally {
      await client.end();
    }
  });
});
