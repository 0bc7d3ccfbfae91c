import type { Clock } from '../bugzilla/clock.js';
import { emptySnapshot } from '../bugzilla/store/snapshot.js';
import type { Store } from '../bugzilla/store/store.js';
import { pruneExpiredVisits } from '../bugzilla/visit/retention.js';
import { demoFixture } from '../import/fixture/demo.js';
import { snapshotFromFixture } from '../import/fixture/fixture.js';
import { defaultInstance } from '../stores/default-instance.js';
import { openStore } from '../stores/open/open-store.js';

export interface ServeStoreOptions {
  data: string;
  database: string | undefined;
  /** Serve the Bugzilla database at `database` (--bugzilla-schema), its settings read from this directory. */
  bugzillaDir?: string | undefined;
  inMemory: boolean;
  /**
   * A proxy, or a replay without --fallback, answers every request itself: it opens no store of its
   * own (so it runs beside a server on the default data file) and has no admin of its own to print.
   */
  upstreamOnly?: boolean | undefined;
  /** Said as it happens, while the server answers "starting" (a new database's migrations). */
  progress?: ((line: string) => void) | undefined;
  /** Fold the data file's journal into it once it holds this many bytes (the file store's default otherwise). */
  foldAfterBytes?: number | undefined;
}

export interface OpenedServeStore {
  store: Store;
  /** Set when demo data was created now: its admin's key, to print once. */
  adminApiKey: string | undefined;
  /** The demo admin's password, printed with the key (docs/api.md logs in with it). */
  adminPassword: string | undefined;
  /** What the ready banner says about the store. */
  notes: string[];
}

/** The store `serve` runs on: demo data in memory, or the data file (created with demo data if missing). */
export async function openServeStore(options: ServeStoreOptions, clock: Clock): Promise<OpenedServeStore> {
  let adminApiKey: string | undefined;
  let adminPassword: string | undefined;
  const demoSnapshot = () => {
    const demo = demoFixture(clock.now());
    adminApiKey = demo.adminApiKey;
    adminPassword = demo.adminPassword;
    return snapshotFromFixture(demo.fixture);
  };
  const notes: string[] = [];
  let store: Store;
  if (options.upstreamOnly) {
    store = (await openStore({ kind: 'memory', snapshot: emptySnapshot(defaultInstance()) })).store;
    notes.push('store: none (every request is answered by the tracker or the recordings)');
  } else if (options.inMemory) {
    store = (await openStore({ kind: 'memory', snapshot: demoSnapshot() })).store;
    notes.push('store: in memory (nothing is saved)');
  } else if (options.database !== undefined && options.bugzillaDir !== undefined) {
    store = (await openStore({ kind: 'bugzilla', url: options.database, bugzillaDir: options.bugzillaDir })).store;
    notes.push(
      `database: ${redactDatabaseUrl(options.database)} (Bugzilla ${store.instance.version} at ${options.bugzillaDir}; of its tables only bug_user_last_visit is written)`,
    );
  } else if (options.database !== undefined) {
    // Demo data only in an empty database; if another instance seeded it first, its admin key is not ours to print.
    let migrations = 0;
    const opened = await openStore({
      kind: 'postgres',
      url: options.database,
      seed: demoSnapshot,
      log: (line) => {
        if (line.startsWith('database: applying migration ')) migrations++;
        options.progress?.(line);
      },
    });
    store = opened.store;
    const created = opened.created ? ' (created with demo data)' : '';
    const migrated = migrations > 0 ? `; ${migrations} migrations applied` : '';
    notes.push(`database: ${redactDatabaseUrl(options.database)}${created}${migrated}`);
    if (!opened.created) {
      adminApiKey = undefined;
      adminPassword = undefined;
    }
  } else {
    const opened = await openStore({
      kind: 'file',
      path: options.data,
      create: demoSnapshot,
      ...(options.foldAfterBytes === undefined ? {} : { compactAfterBytes: options.foldAfterBytes }),
    });
    store = opened.store;
    notes.push(`data file: ${options.data}${opened.created ? ' (created with demo data)' : ''}`);
    if (opened.replayed > 0) notes.push(`replayed ${opened.replayed} journal entries`);
  }
  const pruned = await pruneExpiredVisits(store, clock);
  if (pruned > 0) notes.push(`removed ${pruned} visits older than last_visit_keep_days`);
  return { store, adminApiKey, adminPassword, notes };
}

/** A database URL as it may be printed: without its password. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*):[^@]*@/, '$1:***@');
}
