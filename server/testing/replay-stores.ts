import { join } from 'node:path';
import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import type { Store } from '../src/bugzilla/store/store.js';
import { openStore } from '../src/stores/open/open-store.js';
import { createScratchDatabase } from '../src/stores/postgres/scratch-database.js';
import { tempDir } from './cli-server.js';

/** A store a replay runs on, opened holding a fixture, and how to get rid of it. */
export interface ReplayStore {
  name: string;
  /** Skipped (loudly, by the caller) where no PostgreSQL is given. */
  needsPostgres: boolean;
  open(snapshot: () => StoreSnapshot): Promise<{ store: Store; close(): Promise<void> }>;
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** Whether a test run has a PostgreSQL to use (`.ci/with-postgres`). */
export const HAS_POSTGRES = TEST_DATABASE_URL !== undefined;

/** The file store and our PostgreSQL schema: where recorded writes are replayed. */
export const REPLAY_STORES: readonly ReplayStore[] = [
  {
    name: 'the file store',
    needsPostgres: false,
    async open(snapshot) {
      const path = join(await tempDir(), 'data.json');
      const { store } = await openStore({ kind: 'file', path, create: snapshot });
      return { store, close: () => store.close() };
    },
  },
  {
    name: 'PostgreSQL',
    needsPostgres: true,
    async open(snapshot) {
      const database = await createScratchDatabase(TEST_DATABASE_URL as string);
      const { store } = await openStore({ kind: 'postgres', url: database.url, seed: snapshot });
      return {
        store,
        close: async () => {
          await store.close();
          await database.drop();
        },
      };
    },
  },
];
