import type { StoreSnapshot } from '../bugzilla/store/snapshot.js';
import type { SnapshotPart, SnapshotStream } from '../bugzilla/store/snapshot-stream.js';
import { checkFileStoreHolds } from '../stores/file/capacity.js';
import { replaceFileStore } from '../stores/file/replace-file-store.js';
import { streamOfSnapshot } from '../stores/snapshot-parts.js';
import { redactDatabaseUrl } from './open-serve-store.js';

export interface ImportTarget {
  data: string;
  /** PostgreSQL URL: import there (migrating an empty database first) instead of the data file. */
  database: string | undefined;
}

/** What an import wrote, counted as it went by. */
export interface ImportCounts {
  users: number;
  bugs: number;
  comments: number;
  visits: number;
  auditEvents: number;
}

/**
 * Replaces the target store's whole content with a snapshot or a snapshot stream, all or nothing
 * (the data file replaced at once; PostgreSQL in one transaction); returns where it went, fit to
 * print, and what it wrote. A data set past what the file store holds here is refused first.
 */
export async function writeImport(
  source: StoreSnapshot | SnapshotStream,
  target: ImportTarget,
): Promise<{ into: string; counts: ImportCounts }> {
  const stream = 'parts' in source ? source : streamOfSnapshot(source);
  const counts: ImportCounts = { users: 0, bugs: 0, comments: 0, visits: 0, auditEvents: 0 };
  const counted = { head: stream.head, parts: countParts(stream.parts, counts) };
  if (target.database === undefined) {
    if (!('parts' in source)) {
      checkFileStoreHolds(
        { bugs: source.bugs.length, comments: source.comments?.length ?? 0, users: source.users.length },
        'the import',
      );
    }
    await replaceFileStore(target.data, counted);
    return { into: target.data, counts };
  }
  const { importIntoDatabase } = await import('../stores/postgres/import-into.js');
  await importIntoDatabase(target.database, counted);
  return { into: redactDatabaseUrl(target.database), counts };
}

async function* countParts(parts: SnapshotStream['parts'], counts: ImportCounts): AsyncIterable<SnapshotPart> {
  for await (const part of parts) {
    const n = part.records.length;
    if (part.section === 'users') counts.users += n;
    else if (part.section === 'bugs') counts.bugs += n;
    else if (part.section === 'comments') counts.comments += n;
    else if (part.section === 'audit_log') counts.auditEvents += n;
    else if (part.section === 'last_visits') for (const user of part.records) counts.visits += user.bug_ids.length;
    yield part;
  }
}

/** What an import wrote, in one line. */
export function importSummary(from: string, into: string, counts: ImportCounts): string {
  return (
    `imported ${from} into ${into}: ${counts.users} users, ${counts.bugs} bugs, ` +
    `${counts.visits} visits, ${counts.auditEvents} audit events`
  );
}
