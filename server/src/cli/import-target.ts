import type { StoreSnapshot } from '../bugzilla/store/snapshot.js';
import { ownedData } from '../bugzilla/store/store.js';
import { replaceFileStore } from '../stores/file/replace-file-store.js';
import { openStore } from '../stores/open/open-store.js';
import { redactDatabaseUrl } from './open-serve-store.js';

export interface ImportTarget {
  data: string;
  /** PostgreSQL URL: import there (migrating an empty database first) instead of the data file. */
  database: string | undefined;
}

/** Replaces the target store's whole content with a snapshot; returns where it went, fit to print. */
export async function writeImport(snapshot: StoreSnapshot, target: ImportTarget): Promise<string> {
  if (target.database === undefined) {
    await replaceFileStore(target.data, snapshot);
    return target.data;
  }
  // One transaction: instances serving the database see the old content or the new, never a mix.
  const { store, created } = await openStore({ kind: 'postgres', url: target.database, seed: snapshot });
  try {
    if (!created) await ownedData(store, 'replacing the content (import)').replaceAll(snapshot);
  } finally {
    await store.close();
  }
  return redactDatabaseUrl(target.database);
}

/** What an import wrote, in one line. */
export function importSummary(from: string, into: string, snapshot: StoreSnapshot): string {
  return (
    `imported ${from} into ${into}: ${snapshot.users.length} users, ${snapshot.bugs.length} bugs, ` +
    `${snapshot.last_visits.reduce((sum, user) => sum + user.bug_ids.length, 0)} visits, ` +
    `${snapshot.audit_log.length} audit events`
  );
}
