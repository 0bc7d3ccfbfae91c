import { EVERY_MATCH, unrestrictedSearch } from '../search/every-bug.js';
import { and, type Expr, row, test } from '../search/search-term.js';
import type { Store } from '../store/store.js';
import type { Bug } from '../types.js';

export interface PendingFlagQuery {
  /** Whose requests: the requestee's (asked of them) or the setter's (asked by them of someone). */
  role: 'requestee' | 'setter';
  userIds: readonly number[];
  /** Only these flag types (by name); every type when absent. */
  types?: readonly string[];
  /** Flags of these statuses (bugsWithFlags); bugsWithPendingFlags: `?`. */
  statuses?: readonly string[];
}

/**
 * The bugs with a pending (`?`) flag, on the bug or one of its attachments, that names one of the users
 * in the role — whoever may see them (the caller checks what it shows) — by id: found by a search over
 * Search.pm's flags join where the data is, so that counting or listing a user's requests costs as
 * many bugs as hold them, not the tracker.
 */
export function bugsWithPendingFlags(store: Store, query: PendingFlagQuery): Promise<Bug[]> {
  return bugsWithFlags(store, { ...query, statuses: ['?'] });
}

/** The same for flags of any of `query.statuses` (BMO's review_count counts every status). */
export async function bugsWithFlags(store: Store, query: PendingFlagQuery): Promise<Bug[]> {
  if (query.userIds.length === 0) return [];
  const statuses = query.statuses ?? ['?'];
  const tests: Expr[] = [
    test(row('status'), { op: 'in', values: statuses }),
    test(row(`${query.role}_id`), { op: 'in', values: query.userIds }),
  ];
  if (query.role === 'setter') tests.push({ kind: 'not', item: { kind: 'isNull', operand: row('requestee_id') } });
  if (query.types) {
    const names = query.types.flatMap((type) => statuses.map((status) => `${type}${status}`));
    tests.push(test(row('name'), { op: 'in', values: names }));
  }
  const where: Expr = { kind: 'exists', relation: 'flags', where: and(...tests) };
  return store.searchBugs(
    unrestrictedSearch({ where, joins: new Map() }, [], EVERY_MATCH, Math.floor(Date.now() / 1000)),
  );
}
