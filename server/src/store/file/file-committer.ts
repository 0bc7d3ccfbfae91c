import type { FileHandle } from 'node:fs/promises';
import { type Committer, StoreWriteError } from '../committer.js';
import type { Model } from '../model/model.js';
import type { JournalOp } from '../snapshot.js';
import type { SnapshotFile } from './data-file.js';

interface Pending {
  op: JournalOp;
  resolve: () => void;
  reject: (error: Error) => void;
}

export interface FileCommitterOptions {
  model: Model;
  snapshotFile: SnapshotFile;
  journal: FileHandle;
  journalLength: number;
  /** Rewrite the snapshot (and empty the journal) once the journal grows past this. */
  compactAfterBytes: number;
  onError: (message: string, error: unknown) => void;
  release: () => void;
}

/**
 * Group commit over an append-only journal. Commits that arrive while a write
 * is in flight wait and go out together in the next write with one fdatasync,
 * so durability costs one sync per batch, not per request, and a write's cost
 * does not grow with the store. From time to time the journal is folded into
 * the lowdb snapshot (compaction), inside the same serial loop so no entry can
 * slip between the snapshot and the journal's truncation.
 */
export class FileCommitter implements Committer {
  readonly #options: FileCommitterOptions;
  #queue: Pending[] = [];
  #loop: Promise<void> | null = null;
  #length: number;
  /** False after a failed write we could not cut back: the next write cuts first. */
  #lengthKnown = true;
  #compactAt: number;
  #closed = false;

  constructor(options: FileCommitterOptions) {
    this.#options = options;
    this.#length = options.journalLength;
    this.#compactAt = options.compactAfterBytes;
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
    try {
      if (this.#length > 0) await this.#compact();
    } catch (error) {
      // The journal still holds everything; the next start replays it.
      this.#options.onError('could not fold the journal into the data file at close', error);
    } finally {
      await this.#options.journal.close();
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
        if (this.#length >= this.#compactAt) {
          try {
            await this.#compact();
          } catch (error) {
            // Keep journaling; try again after another threshold's worth of writes.
            this.#compactAt = this.#length + this.#options.compactAfterBytes;
            this.#options.onError('compaction failed; the journal keeps every change', error);
          }
        }
      }
    } finally {
      this.#loop = null;
    }
  }

  async #write(ops: JournalOp[]): Promise<void> {
    const { model, journal } = this.#options;
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

  async #compact(): Promise<void> {
    const { model, snapshotFile, journal } = this.#options;
    await snapshotFile.write(model.toSnapshot());
    // The snapshot now holds every entry (its journal_position says so): a crash
    // before this truncation only makes the next start skip those entries.
    await journal.truncate(0);
    await journal.datasync();
    this.#length = 0;
    this.#compactAt = this.#options.compactAfterBytes;
  }
}

function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'permission to write the data file was denied';
  if (code === 'EDQUOT') return 'the disk quota is exhausted';
  return `writing the data file failed (${code ?? (error as Error).message})`;
}
