import type { CompiledSearch } from './compiled-search.js';
import { chartFields } from './search-fields.js';

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
