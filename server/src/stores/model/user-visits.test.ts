import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECENT_LIMIT, UserVisits } from './user-visits.js';

/** The reference order, computed the slow way: newest first, later write first within a second. */
function bruteForceRecent(writes: Array<[number, number]>): number[] {
  const last = new Map<number, { ts: number; order: number }>();
  writes.forEach(([bugId, ts], order) => {
    last.set(bugId, { ts, order });
  });
  return [...last.entries()]
    .sort((a, b) => b[1].ts - a[1].ts || b[1].order - a[1].order)
    .slice(0, RECENT_LIMIT)
    .map(([bugId]) => bugId);
}

describe('UserVisits', () => {
  it('orders newest first and breaks ties by the later write', () => {
    const visits = new UserVisits();
    visits.set(1, 100);
    visits.set(2, 100);
    visits.set(3, 99);
    expect(visits.recent().map((v) => v.bugId)).toEqual([2, 1, 3]);
    visits.set(1, 100);
    expect(visits.recent().map((v) => v.bugId)).toEqual([1, 2, 3]);
  });

  it('keeps the cached recent list equal to a full re-ranking under random writes', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 20; round++) {
      const visits = new UserVisits();
      const writes: Array<[number, number]> = [];
      let clock = 1000;
      for (let i = 0; i < 400; i++) {
        // Mostly forward time with frequent same-second writes, sometimes a clock step back.
        clock += random(10) === 0 ? -random(30) : random(2);
        const bugId = 1 + random(60);
        visits.set(bugId, clock);
        writes.push([bugId, clock]);
        if (i % 7 === 0) visits.recent();
        if (i % 50 === 0) {
          expect(visits.recent().map((v) => v.bugId)).toEqual(bruteForceRecent(writes));
        }
      }
      expect(visits.recent().map((v) => v.bugId)).toEqual(bruteForceRecent(writes));
    }
  });

  it('prunes visits older than the cutoff and re-ranks', () => {
    const visits = new UserVisits();
    for (let bug = 1; bug <= 30; bug++) visits.set(bug, bug * 10);
    expect(visits.recent()).toHaveLength(RECENT_LIMIT);
    expect(visits.pruneBefore(250)).toBe(24);
    expect(visits.size).toBe(6);
    expect(visits.recent().map((v) => v.bugId)).toEqual([30, 29, 28, 27, 26, 25]);
    expect(visits.get(24)).toBeUndefined();
  });
});

describe('UserVisits as a hash table', () => {
  it('agrees with a Map under random visits, deletions and prunes (growing, colliding, large ids)', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        bug: fc.integer({ min: 1, max: 300 }),
        ts: fc.integer({ min: 0, max: 50 }),
      }),
      fc.record({
        kind: fc.constant('set' as const),
        bug: fc.constantFrom(2 ** 31 - 1, 2 ** 32 + 1, 4096, 8192),
        ts: fc.integer({ min: 0, max: 50 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), bug: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ kind: fc.constant('prune' as const), before: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 100, maxLength: 800 }), (ops) => {
        const visits = new UserVisits();
        // A Map's insertion order is the write order when an update deletes and re-inserts.
        const reference = new Map<number, number>();
        for (const step of ops) {
          if (step.kind === 'set') {
            visits.set(step.bug, step.ts);
            reference.delete(step.bug);
            reference.set(step.bug, step.ts);
          } else if (step.kind === 'delete') {
            visits.delete(step.bug);
            reference.delete(step.bug);
          } else {
            let removed = 0;
            for (const [bug, ts] of reference) {
              if (ts < step.before) {
                reference.delete(bug);
                removed++;
              }
            }
            expect(visits.pruneBefore(step.before)).toBe(removed);
          }
        }
        expect(visits.size).toBe(reference.size);
        expect([...visits.entries()]).toEqual([...reference.entries()]);
        for (const bug of [...reference.keys(), 1, 299, 2 ** 31 - 1, 2 ** 32 + 1]) {
          expect(visits.get(bug)).toBe(reference.get(bug));
        }
        expect(visits.countBefore(25)).toBe([...reference.values()].filter((ts) => ts < 25).length);
        expect(visits.recent().map((v) => v.bugId)).toEqual(bruteForceRecent([...reference.entries()]));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a bug id that is not positive (0 marks an empty slot)', () => {
    const visits = new UserVisits();
    expect(() => visits.set(0, 1)).toThrow(RangeError);
    visits.set(1, 5);
    expect(visits.get(0)).toBeUndefined();
    visits.delete(0);
    expect(visits.size).toBe(1);
  });
});
