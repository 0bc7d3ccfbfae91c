import { canSeeBug } from '../access.js';
import { writeErrors } from '../bug/write-errors.js';
import { errors } from '../errors.js';
import { isStorableId } from '../ids.js';
import type { Bug, User } from '../types.js';
import { classifyBugUrl, LOCAL_BUG_URL, localBugUrl } from './bug-url.js';
import { parseUri, queryParam } from './uri.js';

/** What adding and removing See Also values needs of the write around it. */
export interface SeeAlsoContext {
  actor: User;
  parameters: Parameters<typeof canSeeBug>[2];
  /** This tracker's urlbase (ending in `/`): its show_bug.cgi URLs are local. */
  urlbase: string;
  bug(id: number): Bug | undefined;
  aliasOwner(alias: string): number | undefined;
}

function classOf(value: string, urlbase: string): string | undefined {
  try {
    return classifyBugUrl(value, urlbase).class;
  } catch {
    return undefined;
  }
}

/** A bug's See Also values and their classes while a write changes them. */
export class SeeAlsoList {
  readonly values: string[];
  readonly classes: Record<string, string>;
  readonly added: string[] = [];
  readonly removed: string[] = [];

  constructor(bug: Bug) {
    this.values = [...bug.fields.see_also];
    this.classes = { ...bug.fields.see_also_class };
  }

  /** URIs are compared without regard to case, as 5.2 does. */
  has(value: string): boolean {
    const lower = value.toLowerCase();
    return this.values.some((other) => other.toLowerCase() === lower);
  }

  add(value: string, className: string): boolean {
    if (this.has(value)) return false;
    this.values.push(value);
    this.classes[value] = className;
    this.added.push(value);
    return true;
  }

  /** The value removed (as stored) and its class, if one matched. */
  remove(given: string): { value: string; className: string | undefined } | undefined {
    const lower = given.toLowerCase();
    const at = this.values.findIndex((other) => other.toLowerCase() === lower);
    if (at === -1) return undefined;
    const [value] = this.values.splice(at, 1) as [string];
    this.removed.push(value);
    const className = this.classes[value];
    delete this.classes[value];
    return { value, className };
  }
}

/** A bug's See Also fields as the list left them: the values and, when any is known, their classes. */
export function setSeeAlsoFields(bug: Bug, list: SeeAlsoList): void {
  bug.fields.see_also = list.values;
  if (Object.keys(list.classes).length > 0) bug.fields.see_also_class = list.classes;
  else delete bug.fields.see_also_class;
}

/** Bugzilla::Bug->check of a local bug's id or alias: there (101, or 100 for a word), visible (102). */
export function checkLocalBug(ref: string, context: SeeAlsoContext): Bug {
  const id = /^\d+$/.test(ref) ? Number(ref) : context.aliasOwner(ref);
  const bug = id !== undefined && isStorableId(id) ? context.bug(id) : undefined;
  if (!bug) throw /^\d+$/.test(ref) ? errors.bugDoesNotExist(ref) : errors.invalidBugId(ref);
  if (!canSeeBug(context.actor, bug, context.parameters)) throw errors.bugAccessDenied(ref);
  return bug;
}

/**
 * 5.2's add_see_also up to the change check: the class and value `input` stores on bug `selfId`,
 * and for a local bug (Bugzilla::BugUrl::Bugzilla::Local) that bug, which gets the reverse link;
 * undefined for an empty value, which 5.2 skips.
 */
export function checkSeeAlsoValue(
  input: string,
  selfId: number,
  context: SeeAlsoContext,
): { value: string; className: string; localBug?: Bug } | undefined {
  const text = input.trim();
  if (text === '') return undefined;
  const found = classifyBugUrl(text, context.urlbase);
  if (found.localBug === undefined) return { value: found.value, className: found.class };
  const localBug = checkLocalBug(found.localBug, context);
  if (localBug.id === selfId) throw writeErrors.seeAlsoSelf();
  return { value: found.value, className: found.class, localBug };
}

/** The reverse link a local See Also value adds to (or removes from) the bug it names: this bug's local URL. */
export function reverseSeeAlso(selfId: number, urlbase: string): { value: string; className: string } {
  return { value: localBugUrl(urlbase, selfId), className: LOCAL_BUG_URL };
}

/**
 * The bug a removed local See Also value pointed at (5.2's ref_bug_url): its id or, for a link added
 * by the bug's alias (stored as `show_bug.cgi?id=ALIAS`), that alias, which the caller resolves as
 * Bug->check does; undefined when the value was not local. A value kept without its class (a
 * fixture's) is classed as it would be now.
 */
export function localBugOfRemoved(value: string, className: string | undefined, urlbase: string): string | undefined {
  if ((className ?? classOf(value, urlbase)) !== LOCAL_BUG_URL) return undefined;
  const ref = queryParam(parseUri(value), 'id')?.trim();
  return ref === undefined || ref === '' ? undefined : ref;
}

/**
 * The aliases a See Also change may name, which a store looks up before planning it: the words
 * added (a bug of this tracker by alias) and the `id` of local URLs removed that hold an alias.
 */
export function seeAlsoAliases(seeAlso: unknown): string[] {
  const form = (seeAlso ?? {}) as { add?: unknown; remove?: unknown };
  const listed = (given: unknown) => (Array.isArray(given) ? given : given === undefined ? [] : [given]);
  const refs = listed(form.add).map((value) => String(value).trim());
  for (const value of listed(form.remove)) {
    // Removed values match stored ones in any letter case, as aliases do.
    const text = String(value).trim().toLowerCase();
    if (!/^\w+$/.test(text)) refs.push(queryParam(parseUri(text), 'id') ?? '');
  }
  return refs.filter((ref) => /^\w+$/.test(ref) && !/^\d+$/.test(ref));
}

/** Bug.create's `see_also` values: a list, or a text split on white space and commas as 5.2's create splits it. */
export function newBugSeeAlsoValues(given: unknown): string[] {
  if (given === undefined || given === null) return [];
  return Array.isArray(given)
    ? given.map(String)
    : String(given)
        .trim()
        .split(/[\s,]+/);
}

/**
 * A new bug's See Also values (Bug.create's `see_also`, a list or a text split on white space and
 * commas, as 5.2's create splits it), each checked and classed; the local bugs named get the reverse
 * link afterwards (`mirrorOnNewBug`).
 */
export function newBugSeeAlso(
  given: unknown,
  selfId: number,
  context: SeeAlsoContext,
): { list: SeeAlsoList; localBugs: Bug[] } {
  const values = newBugSeeAlsoValues(given);
  const list = new SeeAlsoList({ fields: { see_also: [] } } as unknown as Bug);
  const localBugs: Bug[] = [];
  for (const value of values) {
    const checked = checkSeeAlsoValue(value, selfId, context);
    if (checked && list.add(checked.value, checked.className) && checked.localBug) localBugs.push(checked.localBug);
  }
  return { list, localBugs };
}
