import type { LoadSpec } from './load-generator.js';
import { USERS } from './scale-data.js';

/*
 * Issue 37's six Bug.search rows over a generated tracker (scale-data.ts: every bug CONFIRMED in one of
 * 10 products, summary "Bug number N", assignee user N+2 of 1,000 and CC user N+3, bug n filed n
 * minutes after 2024-01-01 and last changed 59 s later). Each asks 20 bugs at most, so that the same
 * search at 10,000 and 100,000 bugs answers as many: the figure's growth is the search's own.
 */

/** 2024-01-01T00:00:00Z, bug n filed n minutes later (server/testing/bugzilla-import-data.ts BASE_TIME). */
const BASE_TIME_MS = Date.UTC(2024, 0, 1);
/** "Changed since" a date that only the last 100 bugs are past, at every size. */
const RECENT_BUGS = 100;

export type SearchRow = [what: string, path: string, extra: Partial<LoadSpec>];

export function searchRows(bugs: number): SearchRow[] {
  const since = new Date(BASE_TIME_MS + (bugs - RECENT_BUGS) * 60_000).toISOString().replace('.000Z', 'Z');
  return [
    ['Bug.search (product, status, limit 20) p99', '/rest/bug?product=Product%203&status=CONFIRMED&limit=20', {}],
    ['Bug.search (assignee, limit 20) p99', '/rest/bug?assigned_to=user{id}%40example.com&limit=20', { ids: USERS }],
    ['Bug.search (summary substring, limit 20) p99', '/rest/bug?summary=number%20{id}&limit=20', { ids: bugs }],
    [
      `Bug.search (changed since, ${RECENT_BUGS} match, limit 20) p99`,
      `/rest/bug?last_change_time=${since}&limit=20`,
      {},
    ],
    ['Bug.search (two-word quicksearch, limit 20) p99', '/rest/bug?quicksearch=number%20{id}&limit=20', { ids: bugs }],
    ['Bug.search (cc, limit 20) p99', '/rest/bug?cc=user{id}%40example.com&limit=20', { ids: USERS }],
  ];
}
