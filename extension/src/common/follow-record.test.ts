import { describe, expect, it } from 'vitest';
import { followFound, MAX_FOLLOWED, mergeVisits, recentlyOpened, recordOpened, recordSeen } from './follow-record.js';

const at = (second: number) => second * 1000;

describe('the follow record', () => {
  it('keeps the later of its own time and the tracker’s for each bug', () => {
    const own = recordOpened({}, [1, 2], at(100));
    const merged = mergeVisits(own, [
      { id: 1, visitedAt: at(50) },
      { id: 2, visitedAt: at(150) },
      { id: 3, visitedAt: at(70) },
    ]);
    expect(merged).toEqual({ 1: [100, 100], 2: [150, 150], 3: [70, 70] });
  });

  it('follows a found bug from when it was found, as never opened, and does not move what it follows', () => {
    const record = followFound(recordOpened({}, [1], at(10)), [1, 2], at(20));
    expect(record).toEqual({ 1: [10, 10], 2: [0, 20] });
    expect(recentlyOpened(record, 5)).toEqual([{ id: 1, visitedAt: at(10) }]);
  });

  it('"seen" moves forward only, and keeps when the bug was opened', () => {
    const record = recordSeen(recordOpened({}, [1], at(10)), [1, 2], at(30));
    expect(recordSeen(record, [1], at(20))).toEqual({ 1: [10, 30], 2: [0, 30] });
  });

  it(`keeps ${MAX_FOLLOWED} bugs at most, dropping those opened and seen longest ago`, () => {
    const ids = Array.from({ length: MAX_FOLLOWED + 5 }, (_, i) => i + 1);
    const record = Object.fromEntries(ids.map((id) => [id, [id, id] as [number, number]]));
    const capped = recordOpened(record, [1], at(MAX_FOLLOWED + 100));
    expect(Object.keys(capped)).toHaveLength(MAX_FOLLOWED);
    expect(capped[1]).toBeDefined();
    expect(capped[2]).toBeUndefined();
    expect(capped[6]).toBeUndefined();
    expect(capped[7]).toBeDefined();
  });
});
