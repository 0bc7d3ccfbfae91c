import type { Catalogue } from '../catalogue/catalogue.js';
import { BugzillaError } from '../errors.js';
import { type CustomField, type CustomValue, FIELD_TYPE } from '../field/custom-field.js';
import { type BugValues, isVisibleOnBug } from '../field/field-controllers.js';
import { type BugIdContext, checkBugIdValue } from './custom-field-bug-ids.js';
import { type CheckedCustomValue, SCALAR_CHECKS } from './custom-field-checks.js';
import { checkDateTime } from './custom-field-dates.js';

/** Bug.pm's validator for the field's type (its VALIDATORS for custom fields): the value kept and its text. */
export function checkCustomValue(
  field: CustomField,
  given: unknown,
  context: BugIdContext,
  self?: number,
): CheckedCustomValue {
  if (field.type === FIELD_TYPE.bugId) return checkBugIdValue(field, given, context, self);
  if (field.type === FIELD_TYPE.datetime || field.type === FIELD_TYPE.date) return checkDateTime(field, given);
  const check = SCALAR_CHECKS[field.type];
  if (!check) throw new Error(`bz-companion: no check for ${field.name}'s type ${field.type}`);
  return check(field, given);
}

/** What a bug filed or changed holds so far, for a field's visibility: its product, component, values... */
export type BugSoFar = BugValues;

/**
 * Bug::_check_field_is_mandatory: a mandatory field shown on the bug must hold a value (undefined:
 * not given at all), unless its legal values leave no choice (a drop-down with one active value, a
 * multiple-selection with none). Empty is '', `---` on a drop-down, no value, or NULL.
 */
export function checkMandatory(
  catalogue: Catalogue,
  field: CustomField,
  value: CustomValue | undefined,
  bug: BugSoFar,
): void {
  if (!field.isMandatory || !isVisibleOnBug(catalogue, field, bug)) return;
  const active = field.values.filter((choice) => choice.isActive).length;
  if (field.type === FIELD_TYPE.singleSelect && active === 1) return;
  if (field.type === FIELD_TYPE.multiSelect && active === 0) return;
  const text = Array.isArray(value)
    ? value.join('').trim()
    : value === undefined || value === null
      ? ''
      : String(value).trim();
  if (text === '' || (field.type === FIELD_TYPE.singleSelect && text === '---')) {
    throw new BugzillaError(32000, `A value must be set for the '${field.description}' field.`);
  }
}

/** 5.2's diff_arrays: what `a` lacks of `b` and `b` of `a`, each value counted (a repeat is a second one). */
export function diffArrays(a: readonly string[], b: readonly string[]): { removed: string[]; added: string[] } {
  const left = [...a] as Array<string | undefined>;
  const added: string[] = [];
  for (const value of b) {
    const at = left.lastIndexOf(value);
    if (at >= 0) left[at] = undefined;
    else if (value !== '') added.push(value);
  }
  return { removed: left.filter((value): value is string => value !== undefined && value !== ''), added };
}

/** A list with a value twice: 5.2's insert into `bug_<field>` dies on its unique index (HTTP 200, 100500). */
export function hasRepeat(values: readonly string[]): boolean {
  return new Set(values).size !== values.length;
}
