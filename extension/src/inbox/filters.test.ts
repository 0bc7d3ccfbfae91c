import { describe, expect, it } from 'vitest';
import type { InboxRow } from '../common/inbox-rows.js';
import type { InboxDetails } from '../common/inbox-state.js';
import { facetCounts, facetValues, matches, narrowedCounts } from './filters.js';

const details = (over: Partial<InboxDetails>): InboxDetails => ({
  reasons: ['visited'],
  flags: [],
  product: null,
  component: null,
  status: null,
  changes: [],
  firstComment: null,
  lastChangeAt: 0,
  ...over,
});

const row = (id: number, label: string, inbox?: InboxDetails): InboxRow => ({
  trackerId: label,
  trackerUrl: `https://${label}/`,
  label,
  bug: { id, summary: `Bug ${id}`, visitedAt: 0, news: null, ...(inbox ? { inbox } : {}) },
  changedAt: 0,
  starred: false,
  me: null,
  needs: null,
});

const rows = [
  row(
    1,
    'a.example',
    details({
      reasons: ['cc', 'flag'],
      product: 'Firefox',
      component: 'General',
      status: 'ASSIGNED ',
      changes: [
        { field: 'priority', from: 'P3', to: 'P1' },
        { field: 'cf_crash_signature', from: '', to: 'x' },
        { field: 'priority', from: 'P1', to: 'P2' },
      ],
    }),
  ),
  row(2, 'b.example', details({ reasons: ['assignee'], product: 'Firefox', status: 'RESOLVED FIXED' })),
  row(3, 'a.example'),
];

describe('the inbox facets', () => {
  it("gives a row's values of each facet: every reason, the status's first word, each changed field once", () => {
    const [first, , third] = rows as [InboxRow, InboxRow, InboxRow];
    expect(facetValues(first, 'reason')).toEqual(['cc', 'flag']);
    expect(facetValues(first, 'status')).toEqual(['ASSIGNED']);
    expect(facetValues(first, 'field')).toEqual(['Priority', 'Crash signature']);
    expect(facetValues(third, 'reason')).toEqual(['visited']);
    expect(facetValues(third, 'product')).toEqual([]);
  });

  it('counts every facet in one pass, most first, then by name', () => {
    const counts = facetCounts(rows);
    expect(counts.tracker).toEqual([
      { value: 'a.example', count: 2 },
      { value: 'b.example', count: 1 },
    ]);
    expect(counts.product).toEqual([{ value: 'Firefox', count: 2 }]);
    expect(counts.status).toEqual([
      { value: 'ASSIGNED', count: 1 },
      { value: 'RESOLVED', count: 1 },
    ]);
    expect(counts.field.map((c) => c.value)).toEqual(['Crash signature', 'Priority']);
    expect(counts.reason.reduce((sum, c) => sum + c.count, 0)).toBe(4);
  });

  it('filters on the same values it counts', () => {
    expect(rows.filter((r) => matches(r, { status: 'RESOLVED' })).map((r) => r.bug.id)).toEqual([2]);
    expect(rows.filter((r) => matches(r, { field: 'Priority', tracker: 'a.example' })).map((r) => r.bug.id)).toEqual([
      1,
    ]);
    expect(rows.filter((r) => matches(r, { reason: 'visited' })).map((r) => r.bug.id)).toEqual([3]);
    expect(rows.filter((r) => matches(r, { field: 'Priority', tracker: 'b.example' }))).toEqual([]);
    expect(rows.filter((r) => matches(r, { product: 'Firefox', reason: 'assignee' })).map((r) => r.bug.id)).toEqual([
      2,
    ]);
  });

  it('counts as the filters narrow, a chosen facet among the rows the others keep (its other values stay)', () => {
    const counts = narrowedCounts(rows, { tracker: 'a.example' });
    expect(counts.tracker).toEqual([
      { value: 'a.example', count: 2 },
      { value: 'b.example', count: 1 },
    ]);
    // The products of a.example's rows only (bug 2, b.example's, is Firefox too).
    expect(counts.product).toEqual([{ value: 'Firefox', count: 1 }]);
    // The trackers among the Firefox rows, whichever tracker is chosen.
    expect(narrowedCounts(rows, { tracker: 'b.example', product: 'Firefox' }).tracker).toEqual([
      { value: 'a.example', count: 1 },
      { value: 'b.example', count: 1 },
    ]);
  });
});
