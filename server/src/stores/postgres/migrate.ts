import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PG_MIGRATE_LOCK_ID, runner } from 'node-pg-migrate';
import pg from 'pg';

/** Where node-pg-migrate records which migrations ran; prefixed so it never meets a Bugzilla table. */
export const MIGRATIONS_TABLE = 'bzc_schema_migrations';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Compiled output sits beside declarations and source maps; only the modules are migrations. */
const IGNORED_FILES = String.raw`(?:\..*|.*\.d\.ts|.*\.map)`;

/** The database cannot be used as it is; the message says why and what to do. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
}

/** The migrations this build knows, oldest first, named as node-pg-migrate records them. */
export function knownMigrations(): string[] {
  const ignored = new RegExp(`^${IGNORED_FILES}$`);
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => !ignored.test(file))
    .map((file) => file.replace(/\.(ts|js)$/, ''))
    .sort();
}

/**
 * Brings the database's schema up to this build's version. Instances starting
 * together take turns (one advisory lock); the second finds nothing to do. A
 * database written by a newer bz-companion, or holding tables we did not make,
 * is refused before anything is changed.
 */
export async function migrate(
  databaseUrl: string,
  log: (line: string) => void = () => {},
  /** Only the first `count` pending migrations (a test's database as an older build left it). */
  count?: number,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PG_MIGRATE_LOCK_ID]);
    await refuseUnknownSchema(client);
    const ran = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      ignorePattern: IGNORED_FILES,
      migrationsTable: MIGRATIONS_TABLE,
      direction: 'up',
      ...(count === undefined ? {} : { count }),
      noLock: true,
      singleTransaction: true,
      logger: { debug: () => {}, info: (line) => saysMigrating(line, log), warn: log, error: log },
    });
    return ran.map((migration) => migration.name);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PG_MIGRATE_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/**
 * node-pg-migrate says `### MIGRATION NAME (UP) ###` as it starts each one: passed on then, so a
 * first start on an empty database says what it is doing while it does it (all of them run in one
 * transaction, which takes seconds, and the server answers "starting" meanwhile).
 */
function saysMigrating(line: string, log: (line: string) => void): void {
  const name = /^### MIGRATION (\S+) \(UP\) ###$/.exec(line)?.[1];
  if (name !== undefined) log(`database: applying migration ${name}`);
}

async function refuseUnknownSchema(client: pg.Client): Promise<void> {
  const tables = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const names = tables.rows.map((row) => row.name);
  if (!names.includes(MIGRATIONS_TABLE)) {
    if (names.length === 0) return;
    const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ', ...' : '');
    throw new SchemaError(
      `the database already holds tables bz-companion did not make (${shown}); give it an empty database`,
    );
  }
  const applied = await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY run_on, id`);
  const known = new Set(knownMigrations());
  const unknown = applied.rows.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new SchemaError(
      `the database's schema is newer than this bz-companion (it has migration ${unknown.join(', ')}, ` +
        `this version knows up to ${[...known].at(-1)}): upgrade bz-companion, or use another database`,
    );
  }
}
