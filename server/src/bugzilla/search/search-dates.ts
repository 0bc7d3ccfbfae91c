import { searchErrors } from './search-errors.js';

/*
 * The dates of a search: Search.pm's SqlifyDate (relative dates and what Date::Parse reads, in the
 * server's zone, UTC), and the timestamp literals it hands PostgreSQL as they are, which PostgreSQL
 * reads (a literal it cannot read fails the whole query in 5.2; here it is 5.2's illegal_date).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` of epoch seconds, UTC: a timestamp(0) column as text. */
export function timestampText(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** Search.pm's relative date forms (_timestamp_translate): `1d`, `-2w`, `+3m`, `0y`, `2hs`, `now`. */
export const RELATIVE_DATE = /^(?:[+-]?\d+[hdwmy]s?|now)$/i;

/** Search.pm's SqlifyDate, at `now` (epoch seconds): a relative date or a date Date::Parse reads. */
export function sqlifyDate(text: string | undefined, now: number): string {
  const value = text === undefined || text.toLowerCase() === 'now' ? '' : text;
  const today = new Date(now * 1000);
  if (value === '') return `${timestampText(now).slice(0, 10)} 00:00:00`;
  const relative = /^(-|\+)?(\d+)([hdwmy])(s?)$/i.exec(value);
  if (relative) {
    const [, sign, digits, unitText, startText] = relative;
    let amount = Number(digits) * (sign === '+' ? -1 : 1);
    const unit = (unitText as string).toLowerCase();
    const startOf = (startText as string).toLowerCase() === 's' || amount === 0;
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth();
    const seconds = today.getUTCSeconds() + 60 * today.getUTCMinutes() + 3600 * today.getUTCHours();
    if (unit === 'w' || unit === 'd') {
      if (unit === 'w') {
        amount *= 7;
        if (startOf) amount += today.getUTCDay();
      }
      const at = (startOf ? now - seconds : now) - 86400 * amount;
      return startOf ? `${timestampText(at).slice(0, 10)} 00:00:00` : timestampText(at);
    }
    if (unit === 'y') {
      if (startOf) return `${pad(year - amount, 4)}-01-01 00:00:00`;
      return `${pad(year - amount, 4)}${timestampText(now).slice(4)}`;
    }
    if (unit === 'm') {
      const total = month - amount;
      const y = year + Math.floor(total / 12);
      const m = ((total % 12) + 12) % 12;
      if (startOf) return `${pad(y, 4)}-${pad(m + 1)}-01 00:00:00`;
      return `${pad(y, 4)}-${pad(m + 1)}${timestampText(now).slice(7)}`;
    }
    const at = now - 3600 * amount;
    return startOf ? `${timestampText(at).slice(0, 13)}:00:00` : timestampText(at);
  }
  const parsed = dateParse(value);
  if (parsed === undefined) throw searchErrors.illegalDate(value);
  return timestampText(parsed);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * What Date::Parse's str2time reads, of the forms clients send: ISO 8601 dates and times (`T` or a
 * space, seconds optional, `Z` or an offset), `YYYYMMDD`, `YYYY/MM/DD`, and `3 Oct 2026 [10:00[:00]]` or
 * `Oct 3 2026`. Epoch seconds, UTC unless a zone is given; undefined when it is none of them.
 */
function dateParse(text: string): number | undefined {
  const t = text.trim();
  const iso =
    /^(\d{4})(?:-|\/|\.)?(\d{1,2})(?:-|\/|\.)?(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i.exec(
      t,
    );
  if (iso) return utc(iso[1], iso[2], iso[3], iso[4], iso[5], iso[6], iso[7]);
  const dayFirst =
    /^(?:[a-z]+,?\s+)?(\d{1,2})[\s-]+([a-z]{3})[a-z]*[\s-]+(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i.exec(
      t,
    );
  if (dayFirst)
    return utc(dayFirst[3], monthOf(dayFirst[2]), dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6], dayFirst[7]);
  const monthFirst =
    /^(?:[a-z]+,?\s+)?([a-z]{3})[a-z]*\s+(\d{1,2}),?\s+(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i.exec(
      t,
    );
  if (monthFirst) {
    return utc(
      monthFirst[3],
      monthOf(monthFirst[1]),
      monthFirst[2],
      monthFirst[4],
      monthFirst[5],
      monthFirst[6],
      monthFirst[7],
    );
  }
  return undefined;
}

function monthOf(name: string | undefined): string | undefined {
  const index = MONTHS.indexOf((name ?? '').toLowerCase());
  return index === -1 ? undefined : String(index + 1);
}

function utc(
  y: string | undefined,
  mo: string | undefined,
  d: string | undefined,
  h = '0',
  mi = '0',
  s = '0',
  zone: string | undefined = undefined,
): number | undefined {
  if (y === undefined || mo === undefined || d === undefined) return undefined;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as number[];
  const ms = Date.UTC(year as number, (month as number) - 1, day as number, hour, minute, second);
  const check = new Date(ms);
  if (check.getUTCMonth() !== (month as number) - 1 || check.getUTCDate() !== day) return undefined;
  if ((hour as number) > 23 || (minute as number) > 59 || (second as number) > 59) return undefined;
  return ms / 1000 - offsetSeconds(zone);
}

function offsetSeconds(zone: string | undefined): number {
  if (zone === undefined || /^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const digits = zone.slice(1).replace(':', '');
  const seconds = Number(digits.slice(0, 2)) * 3600 + Number(digits.slice(2)) * 60;
  return zone.startsWith('-') ? -seconds : seconds;
}

/**
 * A literal PostgreSQL reads as a `timestamp without time zone` (what `bugs.delta_ts >= 'literal'` does):
 * an ISO date or date and time, any zone ignored; the special words it knows. As `YYYY-MM-DD HH:MM:SS`;
 * illegal_date for what PostgreSQL refuses.
 */
export function timestampLiteral(text: string, now: number): string {
  const t = text.trim().toLowerCase();
  const today = `${timestampText(now).slice(0, 10)} 00:00:00`;
  const midnight = Date.parse(`${today.replace(' ', 'T')}Z`) / 1000;
  if (t === 'now') return timestampText(now);
  if (t === 'today') return today;
  if (t === 'yesterday') return timestampText(midnight - 86400);
  if (t === 'tomorrow') return timestampText(midnight + 86400);
  if (t === 'epoch') return '1970-01-01 00:00:00';
  const iso =
    /^(\d{4})-?(\d{1,2})-?(\d{1,2})(?:[t\s]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(?:z|[+-]\d{2}(?::?\d{2})?)?$/.exec(
      t,
    );
  const parsed = iso && utc(iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]);
  if (parsed === undefined || parsed === null) throw searchErrors.illegalDate(text);
  return timestampText(parsed);
}
