import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CorruptDataError, Model } from '../model/model.js';
import { ModelStore } from '../model/model-store.js';
import type { JournalEntry, StoreSnapshot } from '../snapshot.js';
import type { Store } from '../store.js';
import { lockDataFile, type SnapshotFile } from './data-file.js';
import { tempFilePattern } from './durable-json-file.js';
import { FileAttachmentData } from './file-attachment-data.js';
import { FileCommitter } from './file-committer.js';
import { openJournalForWriting, readJournal } from './journal-file.js';

export interface OpenFileStoreOptions {
  /** Called when there is no data file yet; without it a missing file is an error. */
  create?: () => StoreSnapshot;
  /** Fold the journal into the data file when it grows past this many bytes. */
  compactAfterBytes?: number;
  onError?: (message: string, error: unknown) => void;
  /** Where the snapshot is kept (default: DurableJsonFile at the data path). */
  snapshotFile?: (dataPath: string) => SnapshotFile;
}

export interface OpenedFileStore {
  store: Store;
  /** True when the data file was created by this call. */
  created: boolean;
  /** Journal entries replayed over the snapshot. */
  replayed: number;
}

/**
 * Opens (or creates) a data file: the lowdb JSON snapshot plus its journal
 * `<data>.journal`. Takes the lock, removes temp files a crash left behind,
 * replays the journal, and refuses (without touching anything) a file it
 * cannot read.
 */
export async function openFileStore(path: string, options: OpenFileStoreOptions = {}): Promise<OpenedFileStore> {
  const { dataPath, journalPath, snapshotFile, release } = await lockDataFile(path, options.snapshotFile);
  try {
    await removeStaleTempFiles(dataPath);
    const { model, created } = await readOrCreateSnapshot(snapshotFile, options.create);
    const journal = await readJournal(journalPath);
    const replayed = replayJournal(model, journal.entries, journalPath);
    const handle = await openJournalForWriting(journalPath);
    if (journal.tornBytes > 0) await handle.truncate(journal.validLength);
    const committer = new FileCommitter({
      model,
      snapshotFile,
      journal: handle,
      journalLength: journal.validLength,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      onError: options.onError ?? ((message, error) => console.error(`bz-companion: ${message}:`, error)),
      release,
    });
    return { store: new ModelStore(model, committer, new FileAttachmentData(dataPath)), created, replayed };
  } catch (error) {
    release();
    if (error instanceof CorruptDataError) {
      throw new CorruptDataError(`data file ${dataPath} cannot be used: ${error.message}`);
    }
    throw error;
  }
}

export const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

async function readOrCreateSnapshot(
  snapshotFile: SnapshotFile,
  create: (() => StoreSnapshot) | undefined,
): Promise<{ model: Model; created: boolean }> {
  const existing = await snapshotFile.read();
  if (existing !== null) return { model: Model.fromSnapshot(existing), created: false };
  if (!create) throw new CorruptDataError('it does not exist');
  const snapshot = create();
  await snapshotFile.write(snapshot);
  return { model: Model.fromSnapshot(snapshot), created: true };
}

/** Applies the entries the snapshot does not include yet; resolves to how many. */
function replayJournal(model: Model, entries: readonly JournalEntry[], journalPath: string): number {
  let replayed = 0;
  for (const entry of entries) {
    if (entry.n <= model.journalPosition) continue; // Already in the snapshot.
    if (entry.n !== model.journalPosition + 1) {
      throw new CorruptDataError(
        `journal ${journalPath} jumps from entry ${model.journalPosition} to ${entry.n}; entries are missing`,
      );
    }
    model.apply(entry);
    model.journalPosition = entry.n;
    replayed++;
  }
  return replayed;
}

async function removeStaleTempFiles(dataPath: string): Promise<void> {
  const pattern = tempFilePattern(dataPath);
  const directory = dirname(dataPath);
  for (const name of await readdir(directory)) {
    if (pattern.test(name) && name !== basename(dataPath)) await unlink(join(directory, name)).catch(() => {});
  }
}
