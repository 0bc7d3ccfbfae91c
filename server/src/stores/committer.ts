import { type BugzillaError, errors, StoreError } from '../bugzilla/errors.js';
import type { JournalOp } from '../bugzilla/store/snapshot.js';

/**
 * How a change reaches the model. `commit` makes the change durable (for a
 * file store), then applies it to the model, then resolves; changes are applied
 * in the order `commit` was called. A rejected commit changed nothing.
 */
export interface Committer {
  commit(op: JournalOp): Promise<void>;
  /** Finishes every commit already asked for, persists, and releases resources. */
  close(): Promise<void>;
}

/** A write could not be made durable; the model and the file are as before it. */
export class StoreWriteError extends StoreError {
  override readonly name = 'StoreWriteError';
  /** The store refused a write and changed nothing: the client may retry, whichever route wrote. */
  answer(): BugzillaError {
    return errors.storageUnavailable(this.message);
  }
}
