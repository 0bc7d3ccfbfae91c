import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { acquireLock } from './lock-file.js';
import { RecordFile, type SnapshotFile } from './record-file.js';

export type { SnapshotFile } from './record-file.js';

export const journalPathFor = (dataPath: string) => `${dataPath}.journal`;
/**
 * A journal set aside to be folded into the data file while new entries go to a fresh journal.
 * It holds the entries just before the journal's; both are replayed, in that order, on open.
 */
export const foldingJournalPathFor = (dataPath: string) => `${dataPath}.journal.folding`;

export interface LockedDataFile {
  dataPath: string;
  journalPath: string;
  foldingJournalPath: string;
  snapshotFile: SnapshotFile;
  release: () => void;
}

/**
 * What every opener of a data file does first: make the path absolute, create
 * its folder, and take the lock, so no two processes ever write one file.
 * The caller releases the lock when done (or hands `release` on).
 */
export async function lockDataFile(
  path: string,
  snapshotFile?: (dataPath: string) => SnapshotFile,
): Promise<LockedDataFile> {
  const dataPath = resolve(path);
  await mkdir(dirname(dataPath), { recursive: true });
  const release = acquireLock(dataPath);
  return {
    dataPath,
    journalPath: journalPathFor(dataPath),
    foldingJournalPath: foldingJournalPathFor(dataPath),
    snapshotFile: snapshotFile?.(dataPath) ?? new RecordFile(dataPath),
    release,
  };
}
