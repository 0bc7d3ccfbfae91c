import { statSync } from 'node:fs';
import { access, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type { Store } from '../../bugzilla/store/store.js';
import { CorruptDataError, Model } from '../model/model.js';
import { ModelStore } from '../model/model-store.js';
import { streamOfSnapshot } from '../snapshot-parts.js';
import { checkFileStoreHolds } from './capacity.js';
import { lockDataFile, type SnapshotFile } from './data-file.js';
import { tempFilePattern } from './durable-write.js';
import { FileAttachmentData } from './file-attachment-data.js';
import { FileCommitter } from './file-committer.js';
import { foldInWorker } from './fold-in-worker.js';
import { foldJournal } from './fold-journal.js';
import { openJournalForWriting } from './journal-file.js';
import { readRecordFileCounts } from './record-file-reader.js';
import { replayJournalFile } from './replay-journal.js';

export interface OpenFileStoreOptions {
  /** Called when there is no data file yet; without it a missing file is an error. */
  create?: () => StoreSnapshot;
  /** Fold the journal into the data file when it grows past this many bytes. */
  compactAfterBytes?: number;
  onError?: (message: string, error: unknown) => void;
  /**
   * Where the snapshot is kept (default: DurableJsonFile at the data path). A snapshot file
   * given here cannot cross to a worker thread, so its journals are folded on this thread.
   */
  snapshotFile?: (dataPath: string) => SnapshotFile;
  /** Folds a set-aside journal into the data file (default: on a worker thread). */
  fold?: (foldingJournalPath: string, signal: AbortSignal) => Promise<void>;
}

export interface OpenedFileStore {
  store: Store;
  /** True when the data file was created by this call. */
  created: boolean;
  /** Journal entries replayed over the snapshot. */
  replayed: number;
  /** Resolves when no journal is being folded into the data file in the background. */
  foldSettled: () => Promise<void>;
}

/**
 * Opens (or creates) a data file: the lowdb JSON snapshot plus its journal
 * `<data>.journal`, and `<data>.journal.folding` when a crash came while a full
 * journal was being folded. Takes the lock, removes temp files a crash left
 * behind, replays both journals in order, and refuses (without touching
 * anything) a file it cannot read. A set-aside journal found here is folded in
 * the background at once, as it would have been without the crash: opening
 * stays as fast as a replay, and the next full journal can be set aside.
 */
export async function openFileStore(path: string, options: OpenFileStoreOptions = {}): Promise<OpenedFileStore> {
  const { dataPath, journalPath, foldingJournalPath, snapshotFile, release } = await lockDataFile(
    path,
    options.snapshotFile,
  );
  try {
    await removeStaleTempFiles(dataPath);
    // Before anything is loaded: a data set past what this store holds here is refused in one line.
    const counts = options.snapshotFile ? null : await readRecordFileCounts(dataPath);
    if (counts) checkFileStoreHolds(counts, `data file ${dataPath}`);
    const { model, created } = await readOrCreateSnapshot(snapshotFile, options.create);
    const folding = await exists(foldingJournalPath);
    // The set-aside journal's torn tail, if any, is simply not replayed: the fold drops it too.
    const older = folding ? (await replayJournalFile(model, foldingJournalPath)).replayed : 0;
    const { journal, replayed } = await replayJournalFile(model, journalPath);
    const handle = await openJournalForWriting(journalPath);
    if (journal.tornBytes > 0) await handle.truncate(journal.validLength);
    const fold =
      options.fold ??
      (options.snapshotFile
        ? (foldingPath: string) => foldJournal(snapshotFile, foldingPath)
        : (foldingPath: string, signal: AbortSignal) => foldInWorker(dataPath, foldingPath, signal));
    const committer = new FileCommitter({
      model,
      snapshotFile,
      journalPath,
      journal: handle,
      journalLength: journal.validLength,
      foldingJournalPath,
      folding,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      fold,
      foldAtClose: () => fileBytes(dataPath) <= FOLD_AT_CLOSE_BYTES,
      onError: options.onError ?? ((message, error) => console.error(`bz-companion: ${message}:`, error)),
      release,
    });
    const store = new ModelStore(model, committer, await FileAttachmentData.open(dataPath));
    return { store, created, replayed: older + replayed, foldSettled: () => committer.foldSettled() };
  } catch (error) {
    release();
    if (error instanceof CorruptDataError) {
      throw new CorruptDataError(`data file ${dataPath} cannot be used: ${error.message}`);
    }
    throw error;
  }
}

const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

/**
 * The largest data file written out whole at close: about a second's writing here. Past it the
 * journals stay for the next start to replay (at most two journals of DEFAULT_COMPACT_AFTER_BYTES),
 * so a large store shuts down in seconds.
 */
const FOLD_AT_CLOSE_BYTES = 64 * 1024 * 1024;

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

async function readOrCreateSnapshot(
  snapshotFile: SnapshotFile,
  create: (() => StoreSnapshot) | undefined,
): Promise<{ model: Model; created: boolean }> {
  const existing = await snapshotFile.read();
  if (existing !== null) return { model: await Model.fromStream(existing), created: false };
  if (!create) throw new CorruptDataError('it does not exist');
  const snapshot = create();
  await snapshotFile.write(streamOfSnapshot(snapshot));
  return { model: Model.fromSnapshot(snapshot), created: true };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

async function removeStaleTempFiles(dataPath: string): Promise<void> {
  const pattern = tempFilePattern(dataPath);
  const directory = dirname(dataPath);
  for (const name of await readdir(directory)) {
    if (pattern.test(name) && name !== basename(dataPath)) await unlink(join(directory, name)).catch(() => {});
  }
}
