import { randomBytes } from 'node:crypto';

/** A database made for one test or test server, dropped when done. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The URL of `base` with another database name. */
export function withDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates an empty database next to `adminUrl`'s (its role must be allowed to CREATE DATABASE). */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `bzc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await administer(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => administer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a transaction or a pool's session). */
export async function administer(adminUrl: string, statement: string): Promise<void> {
  // Loaded here, so that importing this module (start-server, cli-server) costs nothing without PostgreSQL.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
