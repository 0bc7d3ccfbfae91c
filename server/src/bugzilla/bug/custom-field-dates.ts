import { BugzillaError } from '../errors.js';
import { type CustomField, FIELD_TYPE } from '../field/custom-field.js';
import type { CheckedCustomValue } from './custom-field-checks.js';

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^(\d{1,2}):(\d\d)(?::(\d\d))?$/;
/** XML-RPC's <dateTime.iso8601>, as the codec keeps it: 5.2's XMLRPC layer hands it on as `YYYY-MM-DD HH:MM:SS`. */
const XML_RPC_TIME = /^(\d{4})(\d\d)(\d\d)T(\d\d:\d\d:\d\d)$/;

const illegalDate = (text: string) =>
  new BugzillaError(56, `'${text}' is not a legal date. Please use the format 'YYYY-MM-DD'.`);

/** Bugzilla::Util::validate_date: a real day, written Y-M-D (leading zeros optional). */
function realDate(text: string): [number, number, number] | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? [y, m, d] : undefined;
}

/** Bugzilla::Util::validate_time: H:MM or HH:MM, seconds optional, a time of day. */
function realTime(text: string): [number, number, number] | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [h, mi, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  return h <= 23 && mi <= 59 && s <= 59 ? [h, mi, s] : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Bug::_check_datetime_field (and `_check_date_field`, its `date_only`): empty (only zeros, blanks
 * and punctuation, as `0000-00-00 00:00:00`) is NULL; else a date, then for a date/time an optional
 * time, in the server's zone (UTC). The text kept for history is the trimmed value as given.
 */
export function checkDateTime(field: CustomField, given: unknown): CheckedCustomValue {
  if (given !== null && typeof given === 'object') {
    throw new BugzillaError(56, `'${String(given)}' is not a legal date. Please use the format 'YYYY-MM-DD'.`);
  }
  let text =
    given === undefined || given === null ? '' : typeof given === 'boolean' ? (given ? '1' : '0') : String(given);
  const xmlRpc = XML_RPC_TIME.exec(text);
  if (xmlRpc) text = `${xmlRpc[1]}-${xmlRpc[2]}-${xmlRpc[3]} ${xmlRpc[4]}`;
  if (/^[\s0\p{P}\p{S}]*$/u.test(text)) return { value: null, text: '' };
  text = text.trim();
  const [datePart = '', timePart] = text.split(/\s+/);
  const date = realDate(datePart);
  if (!date) throw illegalDate(datePart);
  const dateOnly = field.type === FIELD_TYPE.date;
  if (timePart !== undefined && dateOnly) throw illegalDate(text);
  const time = timePart === undefined ? ([0, 0, 0] as const) : realTime(timePart);
  if (!time) throw new BugzillaError(32000, `'${timePart}' is not a legal time. Please use the format 'HH:MM:SS'.`);
  const [y, m, d] = date;
  if (dateOnly) return { value: `${y}-${pad(m)}-${pad(d)}`, text };
  return { value: Date.UTC(y, m - 1, d, time[0], time[1], time[2]) / 1000, text };
}
