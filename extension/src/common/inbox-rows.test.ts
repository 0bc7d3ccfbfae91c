import { describe, expect, it } from 'vitest';
import { inboxRows, type TrackerInbox } from './inbox-rows.js';
import { emptyTriage } from './triage.js';

const tracker = (id: string, label: string, changes: Array<[number, number]>): TrackerInbox => ({
  id,
  url: `https://${id}.example.org/`,
  label,
  triage: emptyTriage(),
  snapshot: {
    at: 10_000,
    source: 'tracker',
    bugs: changes.map(([bug, at]) => ({
      id: bug,
      summary: null,
      visitedAt: 1_000,
      news: { comments: 1, changes: 0, fields: [], firstNewComment: 0, latest: { who: 'ann', at } },
    })),
  },
});

describe('the inbox list', () => {
  it('is the newest change first; changed at once, by label in locale order, then the higher number', () => {
    const rows = inboxRows(
      [
        tracker('z', 'zeta', [[1, 5_000]]),
        tracker('e', 'Éclair', [
          [2, 5_000],
          [3, 5_000],
        ]),
        tracker('a', 'alpha', [
          [4, 5_000],
          [5, 6_000],
        ]),
        tracker('b', 'alpha', [[6, 5_000]]),
      ],
      20_000,
    );
    expect(rows.map((row) => `${row.trackerId}${row.bug.id}`)).toEqual(['a5', 'b6', 'a4', 'e3', 'e2', 'z1']);
  });
});
