import { type OwnedData, ownedData, type Store } from '../src/bugzilla/store/store.js';

/** A test's store that owns its data (memory, file, our PostgreSQL schema): its writes beyond visits. */
export function owned(store: Store): OwnedData {
  return ownedData(store, 'a test write');
}
