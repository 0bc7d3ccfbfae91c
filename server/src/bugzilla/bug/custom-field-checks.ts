import { BugzillaError } from '../errors.js';
import { type CustomField, type CustomValue, FIELD_TYPE } from '../field/custom-field.js';
import { writeErrors } from './write-errors.js';

/*
 * Bug.pm's validators of custom fields (`_check_freetext_field`, `_check_textarea_field`,
 * `_check_select_field`, `_check_multi_select_field`, `_check_datetime_field`, `_check_date_field`,
 * `_check_integer_field`), each giving the value the bug keeps and the text 5.2 records for it
 * (bugs_activity and Bug.update's `changes` show what was given, not what the column reads back).
 * Dates and date/times are custom-field-dates.ts's, bug ids (which need other bugs) custom-field-bug-ids.ts's.
 */

const MAX_FREETEXT_LENGTH = 255;
const MAX_INT_32 = 2147483647;

/** A checked value: what the bug keeps, and the text 5.2 writes into its history and answer. */
export interface CheckedCustomValue {
  value: CustomValue;
  text: string;
}

/** A scalar as Perl reads it: undef stays undefined, a JSON boolean is 1 or 0. */
export function perlText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** A struct or list where 5.2 takes one value: it would store its address ("HASH(0x…)"); refused here. */
export function scalarOf(field: CustomField, value: unknown): string | undefined {
  if (value !== null && typeof value === 'object') {
    throw writeErrors.wrongShape(`${field.name} is not a scalar.\n`, field.name, 'one value');
  }
  return perlText(value);
}

function checkFreetext(field: CustomField, given: unknown): CheckedCustomValue {
  const text = (scalarOf(field, given) ?? '').trim();
  const length = [...text].length;
  if (length > MAX_FREETEXT_LENGTH) {
    throw new BugzillaError(
      104,
      `The text you entered in the ${field.description} field is too long (${length} characters, above the maximum length allowed of ${MAX_FREETEXT_LENGTH} characters).`,
    );
  }
  return { value: text, text };
}

/** Web browsers send newlines as \r\n, XML-RPC either: every one is kept as \r\n. */
function checkTextarea(field: CustomField, given: unknown): CheckedCustomValue {
  const text = (scalarOf(field, given) ?? '').trim().replace(/\r?\n/g, '\r\n');
  return { value: text, text };
}

/** Bugzilla::Field::Choice->type($field)->check: trimmed, required, matched without regard to case; inactive ones too. */
function checkChoice(field: CustomField, given: unknown): string {
  // A struct is Object->check's own parameter hash, which names nothing here.
  const text = given !== null && typeof given === 'object' ? '' : (perlText(given) ?? '').trim();
  if (text === '') throw new BugzillaError(50, `You must select/enter a ${field.description}.`);
  const wanted = text.toLowerCase();
  const found = field.values.find((value) => value.value.toLowerCase() === wanted);
  if (!found) throw writeErrors.noSuchValue(field.description, text);
  return found.value;
}

function checkSelect(field: CustomField, given: unknown): CheckedCustomValue {
  if (Array.isArray(given)) {
    throw writeErrors.wrongShape('Not a HASH reference at Bugzilla/Object.pm line 272.\n', field.name, 'one value');
  }
  const name = checkChoice(field, given);
  return { value: name, text: name };
}

/** A list, or a string split on commas (email_in.pl's form); each value checked; none is an empty list. */
function checkMultiSelect(field: CustomField, given: unknown): CheckedCustomValue {
  if (given !== null && typeof given === 'object' && !Array.isArray(given)) {
    throw writeErrors.wrongShape('Not an ARRAY reference at Bugzilla/Bug.pm line 2271.\n', field.name, 'a list');
  }
  const text = perlText(given);
  // Perl's split drops trailing empty fields, keeps the others.
  const items = Array.isArray(given) ? given : text ? text.split(',').reduceRight(dropTrailingEmpty, []) : [];
  const names = items.map((item) => checkChoice(field, item));
  return { value: names, text: names.join(', ') };
}

function dropTrailingEmpty(kept: unknown[], item: string): unknown[] {
  if (kept.length === 0 && item === '') return kept;
  kept.unshift(item);
  return kept;
}

/** The integer as detaint_signed reads it (a sign allowed, `+` dropped); empty is 0; |n| ≤ 2^31-1. */
function checkInteger(field: CustomField, given: unknown): CheckedCustomValue {
  const text = (scalarOf(field, given) ?? '').trim();
  if (text === '') return { value: 0, text: '0' };
  if (!/^[-+]?\d+$/.test(text)) {
    throw new BugzillaError(
      32000,
      `The value '${text}' in the ${field.description} field is not an integer value (i.e. a whole number).`,
    );
  }
  const number = Number(text);
  if (Math.abs(number) > MAX_INT_32) {
    throw new BugzillaError(
      54,
      `The value '${text}' in the ${field.description} field is more than the maximum allowable value of '${MAX_INT_32}'.`,
    );
  }
  const value = number === 0 ? 0 : number;
  return { value, text: String(value) };
}

/** The validator of each type that needs nothing but the value (dates and bug ids have files of their own). */
export const SCALAR_CHECKS: Partial<
  Record<CustomField['type'], (field: CustomField, given: unknown) => CheckedCustomValue>
> = {
  [FIELD_TYPE.freetext]: checkFreetext,
  [FIELD_TYPE.textarea]: checkTextarea,
  [FIELD_TYPE.singleSelect]: checkSelect,
  [FIELD_TYPE.multiSelect]: checkMultiSelect,
  [FIELD_TYPE.integer]: checkInteger,
};
