/**
 * The extension's own record of the bugs it follows on one tracker: per bug,
 * when the user last opened it (0: never, followed because the tracker names
 * them on it) and up to when its changes count as seen. Stored as
 * `[opened, seen]` pairs in seconds, which keeps 10,000 bugs near 300 KB.
 */
export type FollowRecord = Record<string, [opened: number, seen: number]>;

/** How many bugs one tracker's record keeps; past it the ones opened and seen longest ago go first. */
export const MAX_FOLLOWED = 10_000;

const seconds = (ms: number) => Math.floor(ms / 1000);

export const openedAt = (entry: readonly [number, number]) => entry[0] * 1000;
export const seenAt = (entry: readonly [number, number]) => entry[1] * 1000;

/** The user opened (or marked seen) these bugs at `at`: followed from now, everything before seen. */
export function recordOpened(record: FollowRecord, bugs: readonly (string | number)[], at: number): FollowRecord {
  const next = { ...record };
  for (const bug of bugs) next[String(bug)] = [seconds(at), seconds(at)];
  return cap(next);
}

/** Changes up to `at` count as seen (Done does this locally; the tracker's visit is not touched). */
export function recordSeen(record: FollowRecord, bugs: readonly (string | number)[], at: number): FollowRecord {
  const next = { ...record };
  for (const bug of bugs) {
    const entry = next[String(bug)];
    next[String(bug)] = [entry?.[0] ?? 0, Math.max(entry?.[1] ?? 0, seconds(at))];
  }
  return next;
}

/**
 * The tracker's own visits merged in: for each bug the later time wins, so a
 * visit recorded from another browser counts, and one this browser recorded
 * but the tracker refused (not involved) is kept.
 */
export function mergeVisits(
  record: FollowRecord,
  visits: ReadonlyArray<{ id: number | string; visitedAt: number }>,
): FollowRecord {
  const next = { ...record };
  for (const { id, visitedAt } of visits) {
    const entry = next[String(id)];
    const at = seconds(visitedAt);
    next[String(id)] = [Math.max(entry?.[0] ?? 0, at), Math.max(entry?.[1] ?? 0, at)];
  }
  return cap(next);
}

/** Bugs found on the tracker (involved, flag requested of you) that are not followed yet: followed from `at`. */
export function followFound(record: FollowRecord, ids: readonly number[], at: number): FollowRecord {
  const missing = ids.filter((id) => record[String(id)] === undefined);
  if (missing.length === 0) return record;
  const next = { ...record };
  for (const id of missing) next[String(id)] = [0, seconds(at)];
  return cap(next);
}

function cap(record: FollowRecord): FollowRecord {
  const keys = Object.keys(record);
  if (keys.length <= MAX_FOLLOWED) return record;
  const latest = new Map(keys.map((key) => [key, Math.max(...(record[key] as [number, number]))]));
  const at = (key: string) => latest.get(key) ?? 0;
  const kept = keys.sort((a, b) => at(b) - at(a)).slice(0, MAX_FOLLOWED);
  return Object.fromEntries(kept.map((key) => [key, record[key] as [number, number]]));
}

/** The record's bugs by number (aliases, as a page may name a bug, are left to the visit queue). */
export function followedIds(record: FollowRecord): number[] {
  return Object.keys(record)
    .filter((key) => /^\d+$/.test(key))
    .map(Number);
}

/** The bugs opened most recently, newest first (the popup's "recently visited"). */
export function recentlyOpened(record: FollowRecord, count: number): Array<{ id: number; visitedAt: number }> {
  return Object.entries(record)
    .filter(([key, entry]) => /^\d+$/.test(key) && entry[0] > 0)
    .sort(([, a], [, b]) => b[0] - a[0])
    .slice(0, count)
    .map(([key, entry]) => ({ id: Number(key), visitedAt: openedAt(entry) }));
}
