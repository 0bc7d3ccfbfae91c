import { describe, expect, it } from 'vitest';
import { IdSet, intersectIds, unionIds } from './id-set.js';

/** A small deterministic generator: the same sequence every run, so a failure replays. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('IdSet', () => {
  it('agrees with a Set over thousands of adds and deletes anywhere, read between and after', () => {
    const next = numbers(7);
    const ids = new IdSet();
    const expected = new Set<number>();
    for (let step = 0; step < 20_000; step++) {
      const id = 1 + Math.floor(next() * 3_000);
      if (next() < 0.6) {
        ids.add(id);
        expected.add(id);
      } else {
        ids.delete(id);
        expected.delete(id);
      }
      expect(ids.has(id)).toBe(expected.has(id));
      expect(ids.size).toBe(expected.size);
      if (step % 997 === 0) expect(Array.from(ids.ids())).toEqual(sorted(expected));
    }
    expect(Array.from(ids.ids())).toEqual(sorted(expected));
    const from = 1_500;
    expect(Array.from(ids.idsFrom(from))).toEqual(sorted(expected).filter((id) => id >= from));
  });

  it('appends ids that come in order, deletes the last one, and forgets everything on clear', () => {
    const ids = new IdSet();
    for (let id = 1; id <= 10; id++) ids.add(id);
    ids.delete(10);
    ids.delete(4);
    ids.add(4);
    ids.add(4);
    expect(Array.from(ids.ids())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    ids.clear();
    expect(ids.size).toBe(0);
    expect(ids.has(4)).toBe(false);
    expect(Array.from(ids.ids())).toEqual([]);
  });
});

describe('unionIds and intersectIds', () => {
  it('give the sorted distinct ids in any list, and in every list', () => {
    expect(Array.from(unionIds([[1, 3, 5], [2, 3], []]))).toEqual([1, 2, 3, 5]);
    expect(
      intersectIds([
        [1, 3, 5, 7],
        [3, 4, 7],
        [0, 3, 7, 9],
      ]),
    ).toEqual([3, 7]);
    expect(intersectIds([[1, 2], []])).toEqual([]);
    expect(Array.from(unionIds([new Int32Array([4, 9]), [1, 9, 12], new Int32Array([2])]))).toEqual([1, 2, 4, 9, 12]);
  });
});
