/** Bugzilla's REST datetime form: `YYYY-MM-DDThh:mm:ssZ`, always UTC, whole seconds. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Parses `YYYY-MM-DDThh:mm:ssZ` to epoch milliseconds; throws on any other form. */
export function parseBugzillaTime(text: string): number {
  const match = TIMESTAMP.exec(text);
  if (!match) throw new RangeError(`bz-companion: '${text}' is not a YYYY-MM-DDThh:mm:ssZ timestamp`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    throw new RangeError(`bz-companion: '${text}' is not a real date and time`);
  }
  return ms;
}

const DAY_SECONDS = 86_400;
/** Days from 1970 of 0000-01-01 and of 9999-12-31: outside them toISOString writes a six-digit year. */
const FIRST_DAY = -719_528;
const LAST_DAY = 2_932_896;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** `YYYY-MM-DDT` of recent days: a server formats the same few days over and over (bounded). */
const DATE_OF_DAY = new Map<number, string>();

/**
 * Formats epoch milliseconds as `YYYY-MM-DDThh:mm:ssZ` (truncating to the second, as Bugzilla does).
 * Every visit and comment answer formats its times: the date part is remembered per day and the
 * time of day computed, about four times faster than a Date and toISOString per call.
 */
export function formatBugzillaTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const day = Math.floor(seconds / DAY_SECONDS);
  if (!(day >= FIRST_DAY && day <= LAST_DAY)) return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
  let date = DATE_OF_DAY.get(day);
  if (date === undefined) {
    if (DATE_OF_DAY.size >= 1024) DATE_OF_DAY.clear();
    date = new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 11);
    DATE_OF_DAY.set(day, date);
  }
  const ofDay = seconds - day * DAY_SECONDS;
  const hours = Math.floor(ofDay / 3600);
  const minutes = Math.floor((ofDay % 3600) / 60);
  return `${date}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[ofDay % 60]}Z`;
}

export interface ClockSample {
  /** Local clock (epoch ms) just before the request was sent. */
  sentAt: number;
  /** Local clock (epoch ms) when the response arrived. */
  receivedAt: number;
  dbTime: string;
  webTime: string;
}

export interface ClockSkew {
  /** db_time - web_time, seconds. Bugzilla says more than about a second apart means a broken instance. */
  dbMinusWebSeconds: number;
  /** The browser's clock minus the web server's, ms, estimated at the round trip's midpoint. */
  localMinusWebMs: number;
  /** The browser's clock minus the database's, ms, estimated the same way. */
  localMinusDbMs: number;
  roundTripMs: number;
  /**
   * How far off the two local estimates may be: the timestamps are whole seconds
   * (±1 s resolution) and the reading happened somewhere in the round trip.
   */
  uncertaintyMs: number;
  /** True when db_time and web_time differ by more than one second. */
  trackerClocksDisagree: boolean;
}

/**
 * Clock skew from one `GET /rest/time` round trip. The server read its clocks
 * somewhere between sending and receiving, so we compare against the midpoint;
 * its timestamps are truncated to the second, so we compare against the middle
 * of that second.
 */
export function computeClockSkew(sample: ClockSample): ClockSkew {
  const db = parseBugzillaTime(sample.dbTime);
  const web = parseBugzillaTime(sample.webTime);
  const roundTripMs = Math.max(0, sample.receivedAt - sample.sentAt);
  const midpoint = sample.sentAt + roundTripMs / 2;
  const dbMinusWebSeconds = (db - web) / 1000;
  return {
    dbMinusWebSeconds,
    localMinusWebMs: Math.round(midpoint - (web + 500)),
    localMinusDbMs: Math.round(midpoint - (db + 500)),
    roundTripMs,
    uncertaintyMs: Math.round(1000 + roundTripMs / 2),
    trackerClocksDisagree: Math.abs(dbMinusWebSeconds) > 1,
  };
}
