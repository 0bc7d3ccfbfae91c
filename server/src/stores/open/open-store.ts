import type { StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type { Store } from '../../bugzilla/store/store.js';
import { openFileStore } from '../file/file-store.js';
import { createMemoryStore } from '../memory/memory-store.js';

/** Where a store lives, and what to start an empty one with. */
export type StoreTarget =
  | { kind: 'memory'; snapshot: StoreSnapshot }
  | { kind: 'file'; path: string; create?: () => StoreSnapshot; compactAfterBytes?: number }
  | { kind: 'postgres'; url: string; seed?: StoreSnapshot | (() => StoreSnapshot); log?: (line: string) => void }
  /** An existing Bugzilla 5.x database (--bugzilla-schema), its settings read from its directory. */
  | { kind: 'bugzilla'; url: string; bugzillaDir: string };

export interface OpenedStore {
  store: Store;
  /** The store was empty and now holds the target's starting data (a new file, a seeded database). */
  created: boolean;
  /** Journal entries replayed on opening (file store). */
  replayed: number;
}

/**
 * Opens a store of any kind: the one place that knows how, for `serve`, `import`, `user`,
 * `startServer` and the tests. The PostgreSQL stores are loaded only when asked for: the driver
 * and migrations cost the file store start-up time and memory otherwise.
 */
export async function openStore(target: StoreTarget): Promise<OpenedStore> {
  switch (target.kind) {
    case 'memory':
      return { store: createMemoryStore(target.snapshot), created: true, replayed: 0 };
    case 'file': {
      const options = target.compactAfterBytes === undefined ? {} : { compactAfterBytes: target.compactAfterBytes };
      const opened = await openFileStore(target.path, target.create ? { ...options, create: target.create } : options);
      return { store: opened.store, created: opened.created, replayed: opened.replayed };
    }
    case 'postgres': {
      const { PostgresStore } = await import('../postgres/postgres-store.js');
      const options = target.log ? { log: target.log } : {};
      const store = await PostgresStore.open(target.url, target.seed ? { ...options, seed: target.seed } : options);
      return { store, created: store.seeded, replayed: 0 };
    }
    case 'bugzilla': {
      const { BugzillaSchemaStore } = await import('../bugzilla-db/bugzilla-schema-store.js');
      return { store: await BugzillaSchemaStore.open(target.url, target.bugzillaDir), created: false, replayed: 0 };
    }
  }
}
