import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import type { Store } from '../src/bugzilla/store/store.js';
import { openStore } from '../src/stores/open/open-store.js';
import { createScratchDatabase } from '../src/stores/postgres/scratch-database.js';
import {
  type BzServer,
  type StartServerOptions,
  startServer as startTestDouble,
} from '../src/test-double/start-server.js';

/**
 * TEST_DATABASE_URL when this test run is the API suite's PostgreSQL leg
 * (BZ_TEST_STORE=postgres, vitest.config.ts): the test servers then keep their
 * data in a scratch database each instead of memory or a data file.
 */
export function matrixDatabaseUrl(): string | undefined {
  if (process.env.BZ_TEST_STORE !== 'postgres') return undefined;
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) throw new Error('BZ_TEST_STORE=postgres needs TEST_DATABASE_URL (see .ci/with-postgres)');
  return url;
}

/**
 * The test double as the API tests start it: on the PostgreSQL leg, in a scratch database of its
 * own (its content replaced by the fixture), dropped when it stops; otherwise as asked.
 */
export async function startServer(options: StartServerOptions = {}): Promise<BzServer> {
  const adminUrl = matrixDatabaseUrl();
  if (adminUrl === undefined || options.database !== undefined || options.dataFile !== undefined) {
    return startTestDouble(options);
  }
  const scratch = await createScratchDatabase(adminUrl);
  let server: BzServer;
  try {
    server = await startTestDouble({ ...options, database: scratch.url });
  } catch (error) {
    await scratch.drop().catch(() => {});
    throw error;
  }
  const stopServer = server.stop.bind(server);
  let stopped: Promise<void> | undefined;
  return Object.assign(server, {
    stop: () => {
      stopped ??= stopServer().then(() => scratch.drop());
      return stopped;
    },
  });
}

export type { BzServer } from '../src/test-double/start-server.js';

/**
 * A store holding `snapshot` for an API test that serves a store of its own: on the PostgreSQL
 * leg a scratch database (dropped by `close`), otherwise memory.
 */
export async function openMatrixStore(snapshot: StoreSnapshot): Promise<{ store: Store; close(): Promise<void> }> {
  const adminUrl = matrixDatabaseUrl();
  if (adminUrl === undefined) {
    const { store } = await openStore({ kind: 'memory', snapshot });
    return { store, close: () => store.close() };
  }
  const database = await createScratchDatabase(adminUrl);
  const { store } = await openStore({ kind: 'postgres', url: database.url, seed: () => snapshot });
  return {
    store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}
