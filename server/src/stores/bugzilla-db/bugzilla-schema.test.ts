import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { BUGZILLA_ATTACHMENT_TABLES } from '../../../testing/bugzilla-test-database.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { migrate } from '../postgres/migrate.js';
import { BUGZILLA_TABLES } from '../postgres/tables.js';

/** Bugzilla 5.2's own DDL, dumped from a real installation on PostgreSQL 15. */
const BUGZILLA_DDL = fileURLToPath(new URL('../../../test-data/bugzilla-5.2/schema-postgres.sql', import.meta.url));

interface Column {
  table_name: string;
  column_name: string;
  /** Type with its length, precision or scale, e.g. "character varying(255)", "timestamp(0) without time zone". */
  type: string;
}

async function columns(url: string): Promise<Column[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Column>(
      `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
         AND c.relname = ANY ($1)`,
      [[...BUGZILLA_TABLES]],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describeWithPostgres("our schema against Bugzilla 5.2's own (PostgreSQL)", () => {
  const bugzillaUrl = useFreshDatabase();
  const ourUrl = useFreshDatabase();

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: bugzillaUrl() });
    await client.connect();
    try {
      // The dump's foreign keys name two tables it does not include: 5.2's attachments, a stand-in for the other.
      await client.query(BUGZILLA_ATTACHMENT_TABLES);
      await client.query('CREATE TABLE public.classifications (id integer PRIMARY KEY)');
      await client.query(await readFile(BUGZILLA_DDL, 'utf8'));
    } finally {
      await client.end();
    }
    await migrate(ourUrl());
  });

  it("has each of Bugzilla's tables, with only columns Bugzilla has, of the very same types (bzc_ columns aside)", async () => {
    const bugzilla = new Map((await columns(bugzillaUrl())).map((c) => [`${c.table_name}.${c.column_name}`, c.type]));
    const ours = await columns(ourUrl());
    expect(new Set(ours.map((c) => c.table_name))).toEqual(new Set(BUGZILLA_TABLES));
    const mismatches = ours
      .filter((c) => !c.column_name.startsWith('bzc_'))
      .filter((c) => bugzilla.get(`${c.table_name}.${c.column_name}`) !== c.type)
      .map(
        (c) =>
          `${c.table_name}.${c.column_name}: ours ${c.type}, Bugzilla ${bugzilla.get(`${c.table_name}.${c.column_name}`) ?? 'has no such column'}`,
      );
    expect(mismatches).toEqual([]);
  });
});
