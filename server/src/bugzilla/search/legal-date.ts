import { errors } from '../errors.js';

/** 2026-10-03T10:59:59Z, 2026-10-03 10:59:59, 2026-10-03T12:59:59+02:00, 20261003T10:59:59, 2026-10-03. */
const LEGAL_DATE = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date parameter (new_since, last_change_time, creation_time) in any form
 * Bugzilla 5.2 accepts: ISO 8601 with or without `Z` or an offset, the
 * XML-RPC form `20261003T10:59:59`, or a date alone (midnight). Without a zone
 * it is UTC, the server's zone. Anything else is 5.2's code 56.
 * Returns epoch seconds.
 */
export function parseLegalDate(text: string): number {
  const match = LEGAL_DATE.exec(text.trim());
  if (!match) throw errors.illegalDate(text);
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = match;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(local);
  const real =
    check.getUTCMonth() === Number(mo) - 1 &&
    check.getUTCDate() === Number(d) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 59;
  if (!real) throw errors.illegalDate(text);
  return local / 1000 - offsetSeconds(zone);
}

function offsetSeconds(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 3600 + Number(digits.slice(2)) * 60);
}
