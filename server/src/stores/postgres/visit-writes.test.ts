import { describe, expect, it } from 'vitest';
import { visitRows } from './visit-writes.js';

describe('visitRows', () => {
  it('lists every (user, bug) of the writes in write order, with its time', () => {
    expect(
      visitRows([
        { userId: 1, bugIds: [5, 3], ts: 100 },
        { userId: 2, bugIds: [3], ts: 101 },
      ]),
    ).toEqual([
      [1, 1, 2],
      [5, 3, 3],
      [100, 100, 101],
    ]);
  });

  it('keeps a (user, bug) written twice once, where it was last written, with the later time (visits never go back)', () => {
    expect(
      visitRows([
        { userId: 1, bugIds: [5, 3], ts: 100 },
        { userId: 2, bugIds: [5], ts: 100 },
        { userId: 1, bugIds: [5], ts: 99 },
        { userId: 2, bugIds: [5], ts: 101 },
      ]),
    ).toEqual([
      [1, 1, 2],
      [3, 5, 5],
      [100, 100, 101],
    ]);
  });

  it('has no rows for no writes', () => {
    expect(visitRows([])).toEqual([[], [], []]);
  });
});
