export { DatabaseUnavailableError } from './errors.js';
export { knownMigrations, MIGRATIONS_TABLE, migrate, SchemaError } from './migrate.js';
export { type OpenPostgresOptions, PostgresStore } from './postgres-store.js';
export { administer, withDatabase } from './scratch-database.js';
export { DATABASE_NOW, LAST_VISIT, RECENT_VISITS, UPSERT_VISITS } from './visit-statements.js';
