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

/** Formats epoch milliseconds as `YYYY-MM-DDThh:mm:ssZ` (truncating to the second, as Bugzilla does). */
export function formatBugzillaTime(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

export interface ClockSample {
  /** Local clock (epoch ms) just before the request was sent. */
  sentAt: number;
  /** Local clock (epoch ms) when the response arrived. */
  receivedAt: number;
  /** The tracker's `db_time`. */
  dbTime: string;
  /** The tracker's `web_time`. */
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
