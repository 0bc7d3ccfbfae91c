import { errors } from '../errors.js';
import { isStorableId } from '../ids.js';
import { afterRead, type Read } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug } from '../types.js';

/** What a client sent as a bug, as Bugzilla reads it: nothing, a number (its digits without leading zeros), or an alias. */
export type SentBugRef =
  | { kind: 'none' }
  | { kind: 'number'; digits: string; id: number }
  | { kind: 'alias'; text: string };

/** A decimal integer (surrounding white space allowed) is a number; any other text an alias, in any letter case. */
export function readBugRef(raw: unknown): SentBugRef {
  const text = raw === null || raw === undefined || typeof raw === 'object' ? '' : String(raw).trim();
  if (text === '') return { kind: 'none' };
  if (!/^\d+$/.test(text)) return { kind: 'alias', text };
  const digits = text.replace(/^0+(?=\d)/, '');
  return { kind: 'number', digits, id: Number(digits) };
}

/**
 * A bug reference for a write or a caller's own records: an alias must name a bug; a number is
 * returned as it is, whether or not a bug has it.
 */
function parseBugRef(store: Store, raw: unknown): Read<number | Bug> {
  const ref = readBugRef(raw);
  if (ref.kind === 'none') throw errors.bugNumberRequired();
  if (ref.kind === 'number') {
    // A number no bug can have is not a valid bug number (code 100), as 0 is.
    if (!isStorableId(ref.id)) throw errors.bugNumberRequired();
    return ref.id;
  }
  const text = ref.text;
  return afterRead(store.bugByAlias(text), (bug) => {
    if (!bug) throw errors.invalidBugId(text);
    return bug;
  });
}

/** A bug asked of the store before the handler needs it (RouteSpec.readsPathBug). */
export interface BugReadAhead {
  id: number;
  bug: Promise<Bug | undefined>;
}

/**
 * The path's bug, asked of the store as the request arrives: only when the path
 * holds a bug number, and only from a store that answers later (PostgreSQL), whose
 * round trip then overlaps the credential look-up. An in-memory store is read when
 * needed, as before. Nothing is decided from it until the handler runs.
 */
export function readBugAhead(store: Store, raw: string | undefined): BugReadAhead | undefined {
  const ref = readBugRef(raw);
  if (ref.kind !== 'number' || !isStorableId(ref.id)) return undefined;
  const id = ref.id;
  const bug = store.bugById(id);
  if (!(bug instanceof Promise)) return undefined;
  // A request refused before its handler runs never reads it: no unhandled rejection.
  bug.catch(() => {});
  return { id, bug };
}

/**
 * The bug a reference names; a number that names no bug is an error, as for Bugzilla's updates.
 * `ahead`: the path's bug, already asked (readBugAhead), used when the reference is its number.
 */
export function resolveBugRef(store: Store, raw: unknown, ahead?: BugReadAhead): Read<Bug> {
  return afterRead(parseBugRef(store, raw), (ref) => {
    if (typeof ref !== 'number') return ref;
    return afterRead(ahead?.id === ref ? ahead.bug : store.bugById(ref), (bug) => {
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

/**
 * The bugs a read names: the path's, then `ids`, each reference once, as 5.2's REST merges the
 * path's ids with the query's (`uniq`, Bugzilla/WebService/Server/REST.pm). Over RPC too: a
 * repeated id would only repeat work (twenty thousand times one bug's history, once).
 */
export function namedRefs(pathId: string | undefined, ids: readonly string[]): string[] {
  if (pathId === undefined && ids.length < 2) return [...ids];
  return [...new Set(pathId === undefined ? ids : [pathId, ...ids])];
}
