import { describe, expect, it } from 'vitest';
import { standardFixture } from '../../testing/fixtures.js';
import { AdjustableClock } from '../bugzilla/adjustable-clock.js';
import type { StoreSnapshot } from '../bugzilla/store/snapshot.js';
import { snapshotFromFixture } from '../import/fixture/fixture.js';
import { createMemoryStore } from '../stores/memory/memory-store.js';
import { AdminControls } from './controls.js';

/** A store that reads its snapshot a turn later, as a database store does (the read sees what was written meanwhile). */
function storeReadingLater() {
  const store = createMemoryStore(snapshotFromFixture(standardFixture()));
  const owned = store.owned as NonNullable<typeof store.owned>;
  const readNow = owned.snapshot.bind(owned);
  owned.snapshot = () => new Promise<StoreSnapshot>((resolve) => setImmediate(() => resolve(readNow())));
  return store;
}

describe('AdminControls', () => {
  it('has read the starting data once open, so a write made at once is undone by a reset', async () => {
    const store = storeReadingLater();
    const controls = await AdminControls.open({ store, clock: new AdjustableClock(), fixture: null, clockStart: null });
    await store.recordVisits(1, [1], 1_767_225_600);
    expect(await store.recentVisits(1)).toHaveLength(1);
    await controls.reset();
    expect(await store.recentVisits(1)).toEqual([]);
    await store.close();
  });
});
