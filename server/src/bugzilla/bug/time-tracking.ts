import { BugzillaError } from '../errors.js';

const LABELS: Readonly<Record<string, string>> = {
  estimated_time: 'Orig. Est.',
  remaining_time: 'Hours Left',
  work_time: 'Hours Worked',
};

/** The largest number of hours a time field holds (its column is decimal(7,2)). */
const MAX_HOURS = 99999.99;

/**
 * Hours as a decimal(7,2) column keeps them: rounded half away from zero at the second decimal, exactly
 * as written (a number Perl printed with an exponent is far below a cent: rounded as a number).
 */
export function storedHours(text: string): number {
  if (text === '0') return 0; // Every bug filed without hours: no need to take it apart.
  if (/e/i.test(text)) return Math.round(Number(text) * 100) / 100;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  let cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  const hours = Number(cents) / 100;
  return negative ? -hours : hours;
}

/**
 * Hours as 5.2 takes them (Object::check_time, _validate_time): empty or absent is 0, else a number
 * (52), not negative unless allowed (55; hours worked may be, to back out an error), at most
 * 99999.99 (54). `text` is the value as given (Bug.update's `changes` show it), `hours` as stored.
 */
export function checkHours(field: string, value: unknown, allowNegative = false): { hours: number; text: string } {
  const trimmed = value === undefined || value === null ? '' : String(value).trim();
  // Perl's `trim($value) || 0`: an empty value and "0" are both 0.
  const text = trimmed === '' || trimmed === '0' ? '0' : trimmed;
  const label = LABELS[field] ?? field;
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) {
    throw new BugzillaError(52, `The value '${text}' in the ${label} field is not a numeric value.`);
  }
  const number = Number(text);
  if (number < 0 && !allowNegative) {
    throw new BugzillaError(
      55,
      `The value '${text}' in the ${label} field is less than the minimum allowable value of '0'.`,
    );
  }
  if (number > MAX_HOURS) {
    throw new BugzillaError(
      54,
      `The value '${text}' in the ${label} field is more than the maximum allowable value of '99999.99'.`,
    );
  }
  return { hours: storedHours(text), text };
}

/** A deadline as 5.2 takes it (`YYYY-MM-DD`, a day the calendar has), or 56. */
export function checkDeadline(value: unknown): string | null {
  const text = value === undefined || value === null ? '' : String(value).trim();
  if (text === '') return null;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!match || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new BugzillaError(56, `'${text}' is not a legal date. Please use the format 'YYYY-MM-DD'.`);
  }
  return `${match[1]}-${(match[2] as string).padStart(2, '0')}-${(match[3] as string).padStart(2, '0')}`;
}

/** Stored hours as 5.2's `changes` show the old value (`%.2f`). */
export const hoursText = (hours: number | undefined) => (hours ?? 0).toFixed(2);
