import { describe, expect, it } from 'vitest';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';
import { readBugAhead, resolveBugRef } from './bug-ref.js';

const store = createMemoryStore(snapshotFromFixture({ bugs: [{ id: 1 }, { id: 2, alias: 'two' }] }));

describe('reading the path bug ahead', () => {
  it('leaves a store that answers at once to be read when needed', () => {
    expect(readBugAhead(store, '1')).toBeUndefined();
  });

  it('answers a reference to the bug read ahead from that read, and any other from the store', async () => {
    const ahead = { id: 1, bug: Promise.resolve(undefined) };
    // The read ahead found no bug 1 (it was removed meanwhile): that answer wins over the store's.
    await expect(resolveBugRef(store, ' 1 ', ahead)).rejects.toMatchObject({ code: 100 });
    expect(await resolveBugRef(store, '2', ahead)).toMatchObject({ id: 2 });
    expect(await resolveBugRef(store, 'two', ahead)).toMatchObject({ id: 2 });
  });
});
