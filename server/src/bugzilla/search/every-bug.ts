import type { CompiledSearch } from './compiled-search.js';
import { chartFields } from './search-fields.js';

/** As many as a count or a report reads: every match (BMO's count_only has no LIMIT; PostgreSQL's int bounds it). */
export const EVERY_MATCH = 2 ** 31 - 1;

/**
 * A search for bugs by what it says only, seen by nobody in particular (Search.pm's _no_security_check):
 * what a rule that checks visibility itself afterwards asks (possible duplicates), in `order`.
 */
export function unrestrictedSearch(
  where: CompiledSearch['where'],
  order: CompiledSearch['order'],
  limit: number,
  now: number,
): CompiledSearch {
  return {
    where,
    order,
    limit,
    offset: 0,
    viewer: { user: undefined, orGroups: false, useQaContact: false },
    unrestricted: true,
    insider: true,
    fields: chartFields([], true),
    now,
    timeoutMs: 10_000,
  };
}
