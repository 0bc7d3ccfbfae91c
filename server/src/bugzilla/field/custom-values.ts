import { formatBugzillaTime } from '@bz-companion/shared';
import {
  type CustomField,
  type CustomValue,
  type CustomValues,
  defaultCustomValue,
  FIELD_TYPE,
} from './custom-field.js';

/** Code-unit order, as the multiple-selections' `ORDER BY value` lists them on a "C" collation. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The bug's value of a custom field: the one it holds, or the field's default (Bugzilla's column DEFAULT). */
export function customValue(fields: { custom?: CustomValues | undefined }, field: CustomField): CustomValue {
  const stored = fields.custom?.[field.name];
  return stored === undefined ? defaultCustomValue(field.type) : stored;
}

/** Whether two values of one field are the same (a multiple-selection as a set). */
export function sameCustomValue(a: CustomValue, b: CustomValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const set = new Set<string>(a);
    return b.every((value) => set.has(value));
  }
  return a === b;
}

/**
 * The bug's custom values with `field` set to `value`, as a new record in the one form every store
 * keeps: a multiple-selection sorted and without repeats (a set: `bug_cf_…` has a unique index),
 * a value equal to the field's default left out; undefined when no value is left.
 */
export function withCustomValue(
  values: CustomValues | undefined,
  field: CustomField,
  value: CustomValue,
): CustomValues | undefined {
  const next: Record<string, CustomValue> = {};
  for (const name in values) if (name !== field.name) next[name] = values[name] as CustomValue;
  const kept = Array.isArray(value) ? [...new Set<string>(value)].sort(byCodeUnit) : value;
  if (!sameCustomValue(kept, defaultCustomValue(field.type))) next[field.name] = kept;
  for (const _ in next) return next;
  return undefined;
}

/** Puts a field's value on a bug's fields, leaving the field out where the value is its default. */
export function putCustomValue(fields: { custom?: CustomValues }, field: CustomField, value: CustomValue): void {
  const custom = withCustomValue(fields.custom, field, value);
  if (custom) fields.custom = custom;
  else delete fields.custom;
}

/** `YYYY-MM-DD HH:MM:SS`: how Bugzilla's database hands a DATETIME column back, in UTC. */
function sqlDateTime(epochSeconds: number): string {
  const text = formatBugzillaTime(epochSeconds * 1000);
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

/**
 * A stored value as 5.2 writes it into `bugs_activity` and Bug.update's `changes` (its old side):
 * the column's text, '' for NULL, a multiple-selection's values joined by ", ".
 */
export function customValueText(field: CustomField, value: CustomValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === FIELD_TYPE.datetime) return sqlDateTime(value as number);
  return String(value);
}

/**
 * A value as Bug.get answers it (WebService/Bug.pm `_bug_to_hash`): a bug id as an int, a
 * date/time or date as a dateTime (a date at midnight), a multiple-selection as a list, and
 * everything else, integers included, as a string.
 */
export function customValueJson(field: CustomField, value: CustomValue): unknown {
  switch (field.type) {
    case FIELD_TYPE.bugId:
      return value;
    case FIELD_TYPE.datetime:
      return value === null ? null : formatBugzillaTime((value as number) * 1000);
    case FIELD_TYPE.date:
      return value === null ? null : `${value as string}T00:00:00Z`;
    case FIELD_TYPE.multiSelect:
      return [...(value as readonly string[])];
    default:
      return String(value);
  }
}
