import type { RecordedCase } from './recordings.js';

/**
 * When 5.2 made a change: the bugs' `delta_ts` in the database after it, and the `last_change_time`
 * it answered (JSON's and XML-RPC's). The recordings on the search data set also hold custom
 * date/times, which are no clock (2026-12-31), so recordedTime's any-time-in-the-answer would
 * carry the replay's clock to them.
 */
export function changedAt(recorded: RecordedCase): number | undefined {
  const text = `${JSON.stringify(recorded.db?.after ?? {})} ${recorded.response.body}`;
  const times = [
    ...text.matchAll(/"delta_ts":"(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)"/g),
    ...text.matchAll(/"last_change_time":"(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)Z"/g),
  ].map(([, date, time]) => Date.parse(`${date}T${time}Z`));
  for (const [, y, m, d, time] of text.matchAll(
    /last_change_time<\/name><value><dateTime\.iso8601>(\d{4})(\d\d)(\d\d)T(\d\d:\d\d:\d\d)/g,
  )) {
    times.push(Date.parse(`${y}-${m}-${d}T${time}Z`));
  }
  return times.length === 0 ? undefined : Math.max(...times);
}
