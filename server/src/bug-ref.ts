import { errors } from './errors.js';
import type { Store } from './store/store.js';

/**
 * Resolves what a client sent as a bug (a positive decimal integer, surrounding
 * white space allowed, or an alias in any letter case) to a bug id.
 * With `mustExist`, an integer that names no bug is an error (POST); without
 * it, only the caller's own records are read, so any id is fine (GET).
 */
export function resolveBugRef(store: Store, raw: unknown, mustExist: boolean): number {
  if (raw === null || raw === undefined) throw errors.bugNumberRequired();
  const text = String(raw).trim();
  if (text === '') throw errors.bugNumberRequired();
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    if (id === 0 || !Number.isSafeInteger(id)) throw errors.bugNumberRequired();
    if (mustExist && !store.bugById(id)) throw errors.bugNumberRequired();
    return id;
  }
  const bug = store.bugByAlias(text);
  if (!bug) throw errors.invalidBugId(text);
  return bug.id;
}

/** An element that is an object, array or boolean is not a bug reference at all (Bugzilla's code 58). */
export function isScalarRef(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'string' || typeof value === 'number';
}
