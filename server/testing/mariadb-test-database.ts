import { afterAll, beforeAll, describe } from 'vitest';
import { createScratchMysqlDatabase } from './bugzilla-sql-session.js';
import { skippedName } from './skipped-suites.js';

/**
 * Tests that read a Bugzilla database on MariaDB run against a real server named by
 * TEST_MYSQL_URL (CI starts a throwaway one with .ci/mariadb-cluster). Each test file
 * gets a database of its own, created from that URL and dropped after.
 */
const testMysqlUrl = process.env.TEST_MYSQL_URL?.trim() || undefined;

/** `describe`, or, without TEST_MYSQL_URL, a skipped one that the run's summary counts (skipped-suites.ts). */
export function describeWithMariadb(name: string, body: () => void): void {
  if (testMysqlUrl === undefined) describe.skip(skippedName(name, 'MariaDB'), body);
  else describe(name, body);
}

/** Inside a describeWithMariadb: a fresh database for this file. Returns a getter for its URL. */
export function useFreshMysqlDatabase(): () => string {
  let database: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    database = await createScratchMysqlDatabase(testMysqlUrl as string);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (database === undefined) throw new Error('the database is created in beforeAll; ask for its URL inside a test');
    return database.url;
  };
}
