import { randomBytes } from 'node:crypto';
import type { BugzillaEngine } from '../src/import/bugzilla-db/source.js';
import { engineOf } from '../src/import/bugzilla-db/source.js';
import { BUGZILLA_SQL } from '../src/stores/postgres/bugzilla-dialect.js';
import { withDatabase } from '../src/stores/postgres/scratch-database.js';

/** A value of a row to insert: `{ epoch }` is a wall-time column given in epoch seconds. */
export type SqlValue = string | number | boolean | null | { epoch: number };

/**
 * A writing session on a Bugzilla database of either engine, for tests and benchmarks that build
 * one: statements, and rows inserted many at a time (one multi-row INSERT per slice).
 */
export interface BugzillaSqlSession {
  engine: BugzillaEngine;
  run(sql: string): Promise<void>;
  insert(table: string, columns: readonly string[], rows: Iterable<readonly SqlValue[]>): Promise<number>;
  close(): Promise<void>;
}

const SLICE = 2000;

/**
 * Opens a session by URL. Times are written as Bugzilla writes them: the wall time of the session's
 * zone (the server's), here from epoch seconds through the engine's own conversion.
 */
export async function openBugzillaSqlSession(url: string): Promise<BugzillaSqlSession> {
  const engine = engineOf(url);
  let run: (sql: string) => Promise<void>;
  let close: () => Promise<void>;
  if (engine === 'mysql') {
    const { default: mysql } = await import('mysql2/promise');
    const connection = await mysql.createConnection({ uri: url.replace(/^mariadb:/i, 'mysql:'), charset: 'utf8mb4' });
    run = async (sql) => {
      await connection.query(sql);
    };
    close = () => connection.end();
  } else if (engine === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    run = async (sql) => {
      await client.query(sql);
    };
    close = () => client.end();
  } else {
    throw new Error(`not a mysql:// or postgres:// URL: ${url}`);
  }
  const literal = engine === 'mysql' ? mysqlLiteral : postgresLiteral;
  return {
    engine,
    run,
    close,
    async insert(table, columns, rows) {
      let count = 0;
      let values: string[] = [];
      const flush = async () => {
        if (values.length === 0) return;
        await run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`);
        values = [];
      };
      for (const row of rows) {
        values.push(`(${row.map(literal).join(', ')})`);
        count++;
        if (values.length >= SLICE) await flush();
      }
      await flush();
      return count;
    },
  };
}

function mysqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return `FROM_UNIXTIME(${value.epoch})`;
  // MySQL's default sql_mode reads backslashes in literals as escapes.
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function postgresLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return BUGZILLA_SQL.timestamp(String(value.epoch));
  return `'${value.replace(/'/g, "''")}'`;
}

/** An empty database on the MariaDB server, dropped when done. */
export async function createScratchMysqlDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bzc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const session = await openBugzillaSqlSession(adminUrl);
    try {
      await session.run(statement);
    } finally {
      await session.close();
    }
  };
  await admin(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  return { url: withDatabase(adminUrl, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
}
