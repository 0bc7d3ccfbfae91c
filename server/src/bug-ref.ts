import { errors } from './errors.js';
import { afterRead, type Read } from './store/read.js';
import type { Store } from './store/store.js';
import type { Bug } from './store/types.js';

/**
 * What a client sent as a bug: a positive decimal integer (surrounding white
 * space allowed) or an alias in any letter case. An alias must name a bug; a
 * number is returned as it is, whether or not a bug has it.
 */
function parseBugRef(store: Store, raw: unknown): Read<number | Bug> {
  if (raw === null || raw === undefined) throw errors.bugNumberRequired();
  const text = String(raw).trim();
  if (text === '') throw errors.bugNumberRequired();
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    if (id === 0 || !Number.isSafeInteger(id)) throw errors.bugNumberRequired();
    return id;
  }
  return afterRead(store.bugByAlias(text), (bug) => {
    if (!bug) throw errors.invalidBugId(text);
    return bug;
  });
}

/** The bug a reference names; a number that names no bug is an error, as for Bugzilla's updates. */
export function resolveBugRef(store: Store, raw: unknown): Read<Bug> {
  return afterRead(parseBugRef(store, raw), (ref) => {
    if (typeof ref !== 'number') return ref;
    return afterRead(store.bugById(ref), (bug) => {
      if (!bug) throw errors.bugNumberRequired();
      return bug;
    });
  });
}

/** The id a reference names, existing or not: for reads of the caller's own records, where any id is fine. */
export function resolveBugId(store: Store, raw: unknown): Read<number> {
  return afterRead(parseBugRef(store, raw), (ref) => (typeof ref === 'number' ? ref : ref.id));
}

/** An element that is an object, array or boolean is not a bug reference at all (Bugzilla's code 58). */
export function isScalarRef(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'string' || typeof value === 'number';
}
