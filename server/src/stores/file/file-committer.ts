import { type FileHandle, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { JournalOp } from '../../bugzilla/store/snapshot.js';
import { type Committer, StoreWriteError } from '../committer.js';
import type { Model } from '../model/model.js';
import { modelRecords } from '../model/model-records.js';
import type { SnapshotFile } from './data-file.js';
import { syncDirectory } from './durable-write.js';
import { openJournalForWriting } from './journal-file.js';

interface Pending {
  op: JournalOp;
  resolve: () => void;
  reject: (error: Error) => void;
}

export interface FileCommitterOptions {
  model: Model;
  snapshotFile: SnapshotFile;
  journalPath: string;
  journal: FileHandle;
  journalLength: number;
  /** Where a full journal is set aside while it is folded into the snapshot. */
  foldingJournalPath: string;
  /** True when a set-aside journal is already there (left by a crash): it is folded at once. */
  folding: boolean;
  /** Set the journal aside and fold it into the snapshot once it grows past this. */
  compactAfterBytes: number;
  /** Folds the set-aside journal into the snapshot from the files alone (off this thread); `signal` stops it. */
  fold: (foldingJournalPath: string, signal: AbortSignal) => Promise<void>;
  /**
   * Whether close writes the model out and empties the journals: when that is quick (a small data
   * file). A large one is left with its journals, which the next start replays: shutdown in seconds.
   */
  foldAtClose: () => boolean;
  onError: (message: string, error: unknown) => void;
  release: () => void;
}

/**
 * Group commit over an append-only journal. Commits that arrive while a write
 * is in flight wait and go out together in the next write with one fdatasync,
 * so durability costs one sync per batch, not per request, and a write's cost
 * does not grow with the store.
 *
 * Compaction holds no write: when the journal passes the threshold, the serial
 * loop renames it aside (`<data>.journal.folding`), starts a fresh journal and
 * goes on (a rename, an open and a directory fsync). The set-aside journal is
 * then folded into the snapshot by `fold`, from the files alone, and removed;
 * one fold at a time, so a journal that fills up meanwhile waits for it. On
 * open, both journals are replayed in order, skipping what the snapshot holds.
 */
export class FileCommitter implements Committer {
  readonly #options: FileCommitterOptions;
  #queue: Pending[] = [];
  #loop: Promise<void> | null = null;
  #journal: FileHandle;
  #length: number;
  /** False after a failed write we could not cut back: the next write cuts first. */
  #lengthKnown = true;
  #compactAt: number;
  /** A set-aside journal is on disk, not yet folded and removed. */
  #setAside: boolean;
  /** The fold running now; it never rejects (a failure is reported and tried again later). */
  #fold: Promise<void> | null = null;
  /** Stops the running fold (at close). */
  #foldStop: AbortController | null = null;
  /** Set when a failed rotation could not be undone: the journal is then never set aside again. */
  #rotationBroken = false;
  #closed = false;

  constructor(options: FileCommitterOptions) {
    this.#options = options;
    this.#journal = options.journal;
    this.#length = options.journalLength;
    this.#compactAt = options.compactAfterBytes;
    this.#setAside = options.folding;
    if (this.#setAside) this.#startFold();
  }

  /** Resolves when no fold is running (tests and close wait for it). */
  async foldSettled(): Promise<void> {
    while (this.#fold) await this.#fold;
  }

  commit(op: JournalOp): Promise<void> {
    if (this.#closed) return Promise.reject(new StoreWriteError('the store is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ op, resolve, reject });
      this.#loop ??= this.#run();
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#drain();
    // A fold of a large data file takes as long as writing it whole: stopped, not waited for (its
    // set-aside journal stays, and is replayed and folded again after the next start).
    this.#foldStop?.abort();
    await this.foldSettled();
    try {
      if ((this.#length > 0 || this.#setAside) && this.#options.foldAtClose()) await this.#compactNow();
    } catch (error) {
      // The journals still hold everything; the next start replays them.
      this.#options.onError('could not fold the journal into the data file at close', error);
    } finally {
      await this.#journal.close();
      this.#options.release();
    }
  }

  async #drain(): Promise<void> {
    while (this.#loop) await this.#loop;
  }

  async #run(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue;
        this.#queue = [];
        try {
          await this.#write(batch.map((pending) => pending.op));
        } catch (error) {
          const failure =
            error instanceof StoreWriteError ? error : new StoreWriteError((error as Error).message ?? String(error));
          for (const pending of batch) pending.reject(failure);
          continue;
        }
        for (const pending of batch) pending.resolve();
        if (this.#length >= this.#compactAt) await this.#setAsideAndFold();
      }
    } finally {
      this.#loop = null;
    }
  }

  async #write(ops: JournalOp[]): Promise<void> {
    const { model } = this.#options;
    const journal = this.#journal;
    if (!this.#lengthKnown) {
      await journal.truncate(this.#length);
      this.#lengthKnown = true;
    }
    // Each line is `{"n":…, …op}` as JSON, made without copying the op into a new entry object.
    const first = model.journalPosition + 1;
    let text = '';
    for (let i = 0; i < ops.length; i++) text += `{"n":${first + i},${JSON.stringify(ops[i]).slice(1)}\n`;
    const buffer = Buffer.from(text, 'utf8');
    try {
      let written = 0;
      while (written < buffer.length) {
        const { bytesWritten } = await journal.write(buffer, written, buffer.length - written, this.#length + written);
        written += bytesWritten;
      }
      await journal.datasync();
    } catch (error) {
      this.#lengthKnown = false;
      await journal.truncate(this.#length).then(
        () => {
          this.#lengthKnown = true;
        },
        () => {},
      );
      throw new StoreWriteError(describeIoError(error));
    }
    this.#length += buffer.length;
    // Durable: now, and only now, the changes become visible.
    for (let i = 0; i < ops.length; i++) {
      model.apply(ops[i] as JournalOp);
      model.journalPosition = first + i;
    }
  }

  /** In the serial loop, between two writes: so no entry can fall between the two journals. */
  async #setAsideAndFold(): Promise<void> {
    if (this.#setAside) {
      // One fold at a time: the running one finishes first; a failed one is tried again now.
      this.#startFold();
      return;
    }
    if (this.#rotationBroken) return;
    try {
      await this.#rotate();
    } catch (error) {
      // Keep journaling; try again after another threshold's worth of writes.
      this.#compactAt = this.#length + this.#options.compactAfterBytes;
      this.#options.onError('could not set the journal aside to fold it; the journal keeps every change', error);
      return;
    }
    this.#startFold();
  }

  async #rotate(): Promise<void> {
    const { journalPath, foldingJournalPath } = this.#options;
    if (!this.#lengthKnown) {
      await this.#journal.truncate(this.#length);
      this.#lengthKnown = true;
    }
    await rename(journalPath, foldingJournalPath);
    let fresh: FileHandle | undefined;
    try {
      fresh = await openJournalForWriting(journalPath);
      // Makes the rename and the fresh file durable: an entry fsynced into a file whose name
      // could vanish in a crash would not be durable at all.
      await syncDirectory(dirname(journalPath));
    } catch (error) {
      await fresh?.close().catch(() => {});
      // Undo, so the next rotation does not rename an empty journal over this one's entries.
      await rename(foldingJournalPath, journalPath).catch(() => {
        // The old handle keeps writing into the set-aside file, which start-up replays first.
        this.#rotationBroken = true;
      });
      throw error;
    }
    const old = this.#journal;
    this.#journal = fresh;
    this.#length = 0;
    this.#setAside = true;
    this.#compactAt = this.#options.compactAfterBytes;
    await old.close().catch(() => {}); // Everything in it was fsynced before it was acknowledged.
  }

  #startFold(): void {
    if (this.#fold) return;
    const stop = new AbortController();
    this.#foldStop = stop;
    this.#fold = this.#foldSetAside(stop.signal)
      .catch((error: unknown) => {
        if (stop.signal.aborted) return; // Stopped at close: nothing failed.
        // Both journals keep every change; try again after another threshold's worth of writes.
        this.#compactAt = this.#length + this.#options.compactAfterBytes;
        this.#options.onError('compaction failed; the journals keep every change', error);
      })
      .finally(() => {
        this.#fold = null;
        this.#foldStop = null;
      });
  }

  async #foldSetAside(signal: AbortSignal): Promise<void> {
    const { foldingJournalPath } = this.#options;
    await this.#options.fold(foldingJournalPath, signal);
    if (signal.aborted) return;
    // The snapshot now holds every entry of the set-aside journal (its journal_position says
    // so): a crash before this removal only makes the next start skip those entries.
    await unlink(foldingJournalPath);
    this.#setAside = false;
    await syncDirectory(dirname(foldingJournalPath));
  }

  /** At close, with nothing else running: the live model written out whole, both journals emptied. */
  async #compactNow(): Promise<void> {
    const { model, snapshotFile, foldingJournalPath } = this.#options;
    await snapshotFile.write(modelRecords(model));
    if (this.#setAside) {
      await unlink(foldingJournalPath);
      this.#setAside = false;
    }
    await this.#journal.truncate(0);
    await this.#journal.datasync();
    this.#length = 0;
  }
}

function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'permission to write the data file was denied';
  if (code === 'EDQUOT') return 'the disk quota is exhausted';
  return `writing the data file failed (${code ?? (error as Error).message})`;
}
