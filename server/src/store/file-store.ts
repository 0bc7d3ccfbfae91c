import { mkdir, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile, tempFilePattern } from './durable-json-file.js';
import { FileCommitter } from './file-committer.js';
import { openJournalForWriting, readJournal } from './journal-file.js';
import { acquireLock } from './lock-file.js';
import { CorruptDataError, Model } from './model.js';
import { ModelStore } from './model-store.js';
import type { StoreSnapshot } from './snapshot.js';
import type { Store } from './store.js';

export interface OpenFileStoreOptions {
  /** Called when there is no data file yet; without it a missing file is an error. */
  create?: () => StoreSnapshot;
  /** Fold the journal into the data file when it grows past this many bytes. */
  compactAfterBytes?: number;
  onError?: (message: string, error: unknown) => void;
}

export interface OpenedFileStore {
  store: Store;
  /** True when the data file was created by this call. */
  created: boolean;
  /** Journal entries replayed over the snapshot. */
  replayed: number;
}

export const journalPathFor = (dataPath: string) => `${dataPath}.journal`;

/**
 * Opens (or creates) a data file: the lowdb JSON snapshot plus its journal
 * `<data>.journal`. Takes the lock, removes temp files a crash left behind,
 * replays the journal, and refuses (without touching anything) a file it
 * cannot read.
 */
export async function openFileStore(path: string, options: OpenFileStoreOptions = {}): Promise<OpenedFileStore> {
  const dataPath = resolve(path);
  await mkdir(dirname(dataPath), { recursive: true });
  const release = acquireLock(dataPath);
  try {
    await removeStaleTempFiles(dataPath);
    const db = new Low<StoreSnapshot | null>(new DurableJsonFile(dataPath), null);
    await db.read();
    let created = false;
    if (db.data === null) {
      if (!options.create) throw new CorruptDataError('it does not exist');
      db.data = options.create();
      await db.write();
      created = true;
    }
    const model = Model.fromSnapshot(db.data);
    db.data = null; // The model holds the data now; let the parsed copy go.

    const journalPath = journalPathFor(dataPath);
    const journal = await readJournal(journalPath);
    let replayed = 0;
    for (const entry of journal.entries) {
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
    const handle = await openJournalForWriting(journalPath);
    if (journal.tornBytes > 0) await handle.truncate(journal.validLength);
    const committer = new FileCommitter({
      model,
      snapshotDb: db,
      journal: handle,
      journalLength: journal.validLength,
      compactAfterBytes: options.compactAfterBytes ?? 64 * 1024 * 1024,
      onError: options.onError ?? ((message, error) => console.error(`bz-companion: ${message}:`, error)),
      release,
    });
    return { store: new ModelStore(model, committer), created, replayed };
  } catch (error) {
    release();
    if (error instanceof CorruptDataError) {
      throw new CorruptDataError(`data file ${dataPath} cannot be used: ${error.message}`);
    }
    throw error;
  }
}

async function removeStaleTempFiles(dataPath: string): Promise<void> {
  const pattern = tempFilePattern(dataPath);
  const directory = dirname(dataPath);
  for (const name of await readdir(directory)) {
    if (pattern.test(name) && name !== basename(dataPath)) await unlink(join(directory, name)).catch(() => {});
  }
}
