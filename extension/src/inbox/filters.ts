import type { Criteria } from '../common/inbox-criteria.js';
import type { InboxRow } from '../common/inbox-rows.js';
import { fieldLabel } from '../follow/change-words.js';

export type { Criteria } from '../common/inbox-criteria.js';

export type Facet = 'tracker' | 'reason' | 'product' | 'component' | 'status' | 'field';

/** A row's values for one facet (a row has several reasons and changed fields). */
export function facetValues(row: InboxRow, facet: Facet): string[] {
  const inbox = row.bug.inbox;
  switch (facet) {
    case 'tracker':
      return [row.label];
    case 'reason':
      return inbox?.reasons ?? ['visited'];
    case 'product':
      return inbox?.product ? [inbox.product] : [];
    case 'component':
      return inbox?.component ? [inbox.component] : [];
    case 'status':
      return inbox?.status ? [inbox.status.split(' ')[0] as string] : [];
    case 'field':
      return [...new Set((inbox?.changes ?? []).map((change) => fieldLabel(change.field)))];
  }
}

export function matches(row: InboxRow, criteria: Criteria): boolean {
  for (const facet of ['tracker', 'reason', 'product', 'component', 'status', 'field'] as const) {
    const wanted = criteria[facet];
    if (wanted !== undefined && !facetValues(row, facet).includes(wanted)) return false;
  }
  if (criteria.starred && !row.starred) return false;
  const words = criteria.text?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (words.length > 0) {
    const summary = `${row.bug.summary ?? ''} ${row.bug.id}`.toLowerCase();
    if (!words.every((word) => summary.includes(word))) return false;
  }
  return true;
}

/** Each value of a facet among the rows, with how many rows have it, most first. */
export function facetCounts(rows: readonly InboxRow[], facet: Facet): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const row of rows) for (const value of facetValues(row, facet)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** A filter's name in words: "Priority changed · example.org", "Everything". */
/** The criteria without their unset parts (what is pinned and compared). */
export const compact = (criteria: Criteria): Criteria =>
  Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined && value !== '')) as Criteria;

export function describeCriteria(criteria: Criteria): string {
  const parts: string[] = [];
  if (criteria.starred) parts.push('starred');
  if (criteria.tracker) parts.push(criteria.tracker);
  if (criteria.reason) parts.push(criteria.reason);
  if (criteria.product) parts.push(criteria.product);
  if (criteria.component) parts.push(criteria.component);
  if (criteria.status) parts.push(criteria.status);
  if (criteria.field) parts.push(`${criteria.field} changed`);
  if (criteria.text) parts.push(`“${criteria.text}”`);
  return parts.length === 0 ? 'Everything' : parts.join(' · ');
}

export const isEmptyCriteria = (criteria: Criteria) => describeCriteria(criteria) === 'Everything';
