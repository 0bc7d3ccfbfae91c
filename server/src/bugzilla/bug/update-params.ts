import { errors } from '../errors.js';
import { writeErrors } from './write-errors.js';

/** Whether Bug.update was given the parameter (5.2's `exists $params->{x}`, an undefined one aside). */
export const has = (params: Readonly<Record<string, unknown>>, name: string) =>
  Object.hasOwn(params, name) && params[name] !== undefined;

export type AddRemoveSet = { add?: unknown[]; remove?: unknown[]; set?: unknown[] };

/** An `{add, remove, set}` member (5.2 dies on anything else where it expects one). */
export function addRemoveSet(value: unknown, param: string): AddRemoveSet {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw writeErrors.wrongShape(
      'Not a HASH reference at Bugzilla/Bug.pm line 2556.\n',
      param,
      'a struct of add, remove or set',
    );
  }
  const form = value as Record<string, unknown>;
  const list = (member: unknown) =>
    member === undefined || member === null ? undefined : Array.isArray(member) ? member : [member];
  const result: AddRemoveSet = {};
  for (const key of ['add', 'remove', 'set'] as const) {
    const items = list(form[key]);
    if (items) result[key] = items;
  }
  return result;
}

/** A member that is `{add, remove, set}` or a plain list (or one value), which is a `set` (keywords, alias). */
export function addRemoveOrSet(raw: unknown, param: string): AddRemoveSet {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw)
    ? addRemoveSet(raw, param)
    : { set: Array.isArray(raw) ? raw : [raw] };
}

/** Each item as Perl's trim reads it: an undef is an empty text. */
export const texts = (items: readonly unknown[] | undefined) =>
  (items ?? []).map((item) => (item === null || item === undefined ? '' : String(item).trim()));

/** Bug ids of a dependency list (5.2 takes ids; an alias there is not looked up). */
export function idList(items: readonly unknown[] | undefined): number[] {
  const ids: number[] = [];
  for (const item of items ?? []) {
    const text = String(item).trim();
    if (!/^\d+$/.test(text)) throw errors.invalidBugId(text);
    const id = Number(text);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
