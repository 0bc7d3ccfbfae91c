const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "5 minutes ago", "yesterday", "now": for a past (or slightly future) epoch-ms time. */
export function relativeTime(thenMs: number, nowMs: number): string {
  const seconds = Math.round((thenMs - nowMs) / 1000);
  if (Math.abs(seconds) < 10) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** The local date and time, as the banner and the popup show it on hover ("25/11/2026, 10:42:07"). */
export function localDateTime(ms: number): string {
  return new Date(ms).toLocaleString();
}

/** The local time of day, to the minute ("10:42"), for "next try at". */
export function localTimeOfDay(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
