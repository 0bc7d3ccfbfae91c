import type { Criteria } from '../common/inbox-criteria.js';
import type { InboxRow } from '../common/inbox-rows.js';
import { fieldLabel } from '../ui/change-words.js';
import { matchesQuery, parseQuery, type Query } from './query.js';

export type { Criteria } from '../common/inbox-criteria.js';

export type Facet = 'tracker' | 'reason' | 'product' | 'component' | 'status' | 'field';

export const FACET_NAMES: readonly Facet[] = ['tracker', 'reason', 'product', 'component', 'status', 'field'];

/**
 * Calls `visit` with each of a row's values of every facet (a row has several reasons and changed
 * fields; a field once). A visitor rather than arrays per facet: the sidebar counts thousands of rows
 * as the inbox opens, while its code is still cold, and an array per row and facet was most of that.
 */
function visitFacetValues(row: InboxRow, visit: (facet: Facet, value: string) => void): void {
  visit('tracker', row.label);
  const inbox = row.bug.inbox;
  if (!inbox) {
    visit('reason', 'visited');
    return;
  }
  for (const reason of inbox.reasons) visit('reason', reason);
  if (inbox.product) visit('product', inbox.product);
  if (inbox.component) visit('component', inbox.component);
  if (inbox.status) {
    const space = inbox.status.indexOf(' ');
    visit('status', space < 0 ? inbox.status : inbox.status.slice(0, space));
  }
  const labels: string[] = [];
  for (const change of inbox.changes ?? []) {
    const label = fieldLabel(change.field);
    if (labels.includes(label)) continue;
    labels.push(label);
    visit('field', label);
  }
}

/** A row's values for one facet. */
export function facetValues(row: InboxRow, facet: Facet): string[] {
  const values: string[] = [];
  visitFacetValues(row, (of, value) => {
    if (of === facet) values.push(value);
  });
  return values;
}

/** The query last searched for, parsed once for the thousands of rows it is tested on. */
let parsed: { text: string; query: Query } | null = null;
function queryOf(text: string): Query {
  if (parsed?.text !== text) parsed = { text, query: parseQuery(text) };
  return parsed.query;
}

/** Whether the row has every value the criteria name (one walk over its values) and what was searched for (query.ts). */
export function matches(row: InboxRow, criteria: Criteria): boolean {
  let named = 0;
  for (const facet of FACET_NAMES) if (criteria[facet] !== undefined) named++;
  if (named > 0) {
    const found = new Set<Facet>();
    visitFacetValues(row, (facet, value) => {
      if (criteria[facet] === value) found.add(facet);
    });
    if (found.size < named) return false;
  }
  if (criteria.starred && !row.starred) return false;
  return criteria.text ? matchesQuery(row, queryOf(criteria.text)) : true;
}

export interface FacetCount {
  value: string;
  count: number;
}

/** Each facet's values among the rows, each with how many rows have it, most first; in one pass over the rows. */
export function facetCounts(rows: readonly InboxRow[]): Record<Facet, FacetCount[]> {
  const counts = new Map<Facet, Map<string, number>>(FACET_NAMES.map((facet) => [facet, new Map()]));
  const count = (facet: Facet, value: string) => {
    const of = counts.get(facet) as Map<string, number>;
    of.set(value, (of.get(value) ?? 0) + 1);
  };
  for (const row of rows) visitFacetValues(row, count);
  const sorted = (of: Map<string, number>) =>
    [...of]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return Object.fromEntries([...counts].map(([facet, of]) => [facet, sorted(of)])) as Record<Facet, FacetCount[]>;
}

/**
 * Each facet's values with their counts, as the filters narrow them: a facet's counts are among
 * the rows every other filter keeps (so its other values stay there to switch to); with nothing
 * chosen, one pass over all the rows.
 */
export function narrowedCounts(rows: readonly InboxRow[], criteria: Criteria): Record<Facet, FacetCount[]> {
  if (isEmptyCriteria(criteria)) return facetCounts(rows);
  const kept = rows.filter((row) => matches(row, criteria));
  const counts = facetCounts(kept);
  for (const facet of FACET_NAMES) {
    if (criteria[facet] === undefined) continue;
    const others = { ...criteria, [facet]: undefined };
    counts[facet] = facetCounts(rows.filter((row) => matches(row, others)))[facet];
  }
  return counts;
}

/** The criteria without their unset parts (what is pinned and compared). */
export const compact = (criteria: Criteria): Criteria =>
  Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined && value !== '')) as Criteria;

/** A filter's name in words: "Priority changed · example.org", "Everything". */
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
