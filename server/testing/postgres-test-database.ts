import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../src/stores/postgres/scratch-database.js';
import { tempDir } from './cli-server.js';
import { REPO_ROOT } from './server-root.js';
import { skippedName } from './skipped-suites.js';

/**
 * Tests of the PostgreSQL store run against a real server named by
 * TEST_DATABASE_URL (CI starts a throwaway cluster; see .ci/pg-cluster). Each
 * test file gets a database of its own, created from that URL and dropped after.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

const execFileAsync = promisify(execFile);
const PG_CLUSTER = join(REPO_ROOT, '.ci/pg-cluster');

/** `describe`, or, without TEST_DATABASE_URL, a skipped one that the run's summary counts (skipped-suites.ts). */
export function describeWithPostgres(name: string, body: () => void): void {
  if (testDatabaseUrl === undefined) describe.skip(skippedName(name, 'PostgreSQL'), body);
  else describe(name, body);
}

/**
 * Like describeWithPostgres, for tests that start and stop a server of their
 * own (startOwnCluster): they need PostgreSQL's server binaries on this machine.
 */
export function describeWithOwnCluster(name: string, body: () => void): void {
  const binaries = spawnSync(PG_CLUSTER, ['check'], { stdio: 'ignore' }).status === 0;
  if (testDatabaseUrl !== undefined && !binaries) describe.skip(skippedName(name, 'PostgreSQL server binaries'), body);
  else describeWithPostgres(name, body);
}

/**
 * Inside a describeWithPostgres: a fresh, empty database for this file,
 * created before its tests and dropped after them. Returns a getter for its URL.
 */
export function useFreshDatabase(): () => string {
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = await createScratchDatabase(testDatabaseUrl as string);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (database === undefined)
      throw new Error('the test database is created in beforeAll; ask for its URL inside a test');
    return database.url;
  };
}

/** A PostgreSQL server of the test's own, which it may stop and start without disturbing other test files. */
export interface OwnCluster {
  url: string;
  /** Fast shutdown: sessions are ended, the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** Starts a throwaway cluster with .ci/pg-cluster (needs Debian's postgresql, as TEST_DATABASE_URL's harness does). */
export async function startOwnCluster(): Promise<OwnCluster> {
  const dir = await tempDir('bz-companion-test-pg-');
  // Asynchronous, so that the test's clients keep running while the server stops and starts.
  const run = async (command: string) => (await execFileAsync(PG_CLUSTER, [command, dir])).stdout.trim();
  const url = await run('start');
  return {
    url,
    stop: async () => void (await run('stop')),
    start: async () => void (await run('start')),
    destroy: async () => void (await run('destroy')),
  };
}
