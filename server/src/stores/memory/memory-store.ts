import type { JournalOp, StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Committer } from '../committer.js';
import { Model } from '../model/model.js';
import { ModelStore } from '../model/model-store.js';

/** Applies changes at once and keeps nothing on disk: for tests and `serve --in-memory`. */
class MemoryCommitter implements Committer {
  constructor(private readonly model: Model) {}

  async commit(op: JournalOp): Promise<void> {
    this.model.apply(op);
    this.model.journalPosition++;
  }

  async close(): Promise<void> {}
}

export function createMemoryStore(snapshot: StoreSnapshot): Store {
  // A deep copy, so the caller's object is never changed under it.
  const model = Model.fromSnapshot(structuredClone(snapshot));
  return new ModelStore(model, new MemoryCommitter(model));
}
