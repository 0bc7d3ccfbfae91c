import type { Clock } from '../clock.js';
import { pruneExpiredVisits } from '../retention.js';
import { demoFixture } from '../store/demo.js';
import { openFileStore } from '../store/file-store.js';
import { snapshotFromFixture } from '../store/fixture.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';

export interface ServeStoreOptions {
  data: string;
  database: string | undefined;
  /** Serve the Bugzilla database at `database` (--bugzilla-schema), its settings read from this directory. */
  bugzillaDir?: string | undefined;
  inMemory: boolean;
}

export interface OpenedServeStore {
  store: Store;
  /** Set when demo data was created now: its admin's key, to print once. */
  adminApiKey: string | undefined;
  /** What the ready banner says about the store. */
  notes: string[];
}

/**
 * BZ_COMPACT_AFTER_BYTES tunes when the journal is folded into the data file
 * (default 64 MiB); the stress test sets it small so kills land mid-compaction.
 */
function compactionThreshold(): { compactAfterBytes?: number } {
  const bytes = Number(process.env.BZ_COMPACT_AFTER_BYTES);
  return Number.isInteger(bytes) && bytes > 0 ? { compactAfterBytes: bytes } : {};
}

/** The store `serve` runs on: demo data in memory, or the data file (created with demo data if missing). */
export async function openServeStore(options: ServeStoreOptions, clock: Clock): Promise<OpenedServeStore> {
  let adminApiKey: string | undefined;
  const demoSnapshot = () => {
    const demo = demoFixture(clock.now());
    adminApiKey = demo.adminApiKey;
    return snapshotFromFixture(demo.fixture);
  };
  const notes: string[] = [];
  let store: Store;
  if (options.inMemory) {
    store = createMemoryStore(demoSnapshot());
    notes.push('store: in memory (nothing is saved)');
  } else if (options.database !== undefined && options.bugzillaDir !== undefined) {
    const { BugzillaSchemaStore } = await import('../store/postgres/bugzilla-schema-store.js');
    store = await BugzillaSchemaStore.open(options.database, options.bugzillaDir);
    notes.push(
      `database: ${redactDatabaseUrl(options.database)} (Bugzilla ${store.instance.version} at ${options.bugzillaDir}; of its tables only bug_user_last_visit is written)`,
    );
  } else if (options.database !== undefined) {
    // Demo data only in an empty database; if another instance seeded it first, its admin key is not ours to print.
    // Loaded only with --database: the driver and migrations cost the file store start-up time and memory.
    const { PostgresStore } = await import('../store/postgres/postgres-store.js');
    const opened = await PostgresStore.open(options.database, { seed: demoSnapshot, log: (line) => notes.push(line) });
    store = opened;
    notes.push(`database: ${redactDatabaseUrl(options.database)}${opened.seeded ? ' (created with demo data)' : ''}`);
    if (!opened.seeded) adminApiKey = undefined;
  } else {
    const opened = await openFileStore(options.data, { ...compactionThreshold(), create: demoSnapshot });
    store = opened.store;
    notes.push(`data file: ${options.data}${opened.created ? ' (created with demo data)' : ''}`);
    if (opened.replayed > 0) notes.push(`replayed ${opened.replayed} journal entries`);
  }
  const pruned = await pruneExpiredVisits(store, clock);
  if (pruned > 0) notes.push(`removed ${pruned} visits older than last_visit_keep_days`);
  return { store, adminApiKey, notes };
}

/** A database URL as it may be printed: without its password. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*):[^@]*@/, '$1:***@');
}
