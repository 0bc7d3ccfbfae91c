import { BugzillaError } from '../errors.js';

const LABELS: Readonly<Record<string, string>> = {
  estimated_time: 'Orig. Est.',
  remaining_time: 'Hours Left',
  work_time: 'Hours Worked',
};

/** Hours as 5.2 takes them (Bug::_check_time): a number, else 52 naming the field. */
export function checkHours(field: string, value: unknown): { hours: number; text: string } {
  const text = value === undefined || value === null ? '0' : String(value).trim();
  if (!/^-?(?:\d+\.?\d*|\.\d+)$/.test(text)) {
    throw new BugzillaError(52, `The value '${text}' in the ${LABELS[field] ?? field} field is not a numeric value.`);
  }
  return { hours: Number(text), text };
}

/** A deadline as 5.2 takes it (`YYYY-MM-DD`), or 56. */
export function checkDeadline(value: unknown): string | null {
  const text = value === undefined || value === null ? '' : String(value).trim();
  if (text === '') return null;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) throw new BugzillaError(56, `'${text}' is not a legal date. Please use the format 'YYYY-MM-DD'.`);
  return `${match[1]}-${(match[2] as string).padStart(2, '0')}-${(match[3] as string).padStart(2, '0')}`;
}

/** Stored hours as 5.2's `changes` show the old value (`%.2f`). */
export const hoursText = (hours: number | undefined) => (hours ?? 0).toFixed(2);
