import { localDateTime, relativeTime } from '../common/relative-time.js';

/** A time as the popup shows every time: relative ("3 hours ago"), the local date and time on hover. */
export function When({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={localDateTime(at)}>
      {relativeTime(at, now)}
    </time>
  );
}
