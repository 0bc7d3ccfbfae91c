import {
  type BugComment,
  type BugzillaBug,
  type BugzillaClient,
  formatBugzillaTime,
  type HistoryEntry,
} from '@bz-companion/shared';

/** Bugzilla's Bug.search takes this many ids in one request comfortably (a URL stays under 2 KB per 200). */
const BATCH = 200;

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What a changed bug's row needs from Bug.search. */
export const ROW_FIELDS = [
  'id',
  'summary',
  'last_change_time',
  'creation_time',
  'product',
  'component',
  'status',
  'resolution',
  'assigned_to',
  'creator',
  'qa_contact',
  'cc',
  'flags',
];

/**
 * The followed bugs changed since each was seen: one search per up to 200
 * bugs (`id=…&last_change_time=…`, the oldest "seen" of the batch; the exact
 * per-bug test is the caller's). One after the other: a 5.0/5.2 tracker fails
 * one of two requests with one key that meet. The bugs in `whole` (a few whose
 * summary is not known yet) are asked in the first batch without the time
 * test, filled up with the bugs seen longest ago: they are answered changed
 * or not, and no request of their own is spent on them.
 */
export async function changedSince(
  client: BugzillaClient,
  ids: readonly number[],
  seen: (id: number) => number,
  whole: ReadonlySet<number> = new Set(),
): Promise<BugzillaBug[]> {
  const changed: BugzillaBug[] = [];
  const first = ids.filter((id) => whole.has(id));
  const rest = ids.filter((id) => !whole.has(id)).sort((a, b) => seen(a) - seen(b));
  const batches = chunks([...first, ...rest]);
  for (const [n, batch] of batches.entries()) {
    const untimed = n === 0 && first.length > 0;
    const { bugs } = await client.bugs.search(
      untimed ? { id: batch } : { id: batch, last_change_time: formatBugzillaTime(Math.min(...batch.map(seen))) },
      { includeFields: ROW_FIELDS },
    );
    changed.push(...bugs);
  }
  return changed;
}

/**
 * Comments and history of several bugs in batches (`ids=…&new_since=…`,
 * the oldest "seen" of the batch): two requests per 200 bugs, never one per bug.
 */
export async function newActivity(
  client: BugzillaClient,
  ids: readonly number[],
  seen: (id: number) => number,
): Promise<{ comments: Map<number, BugComment[]>; history: Map<number, HistoryEntry[]> }> {
  const comments = new Map<number, BugComment[]>();
  const history = new Map<number, HistoryEntry[]>();
  const sorted = [...ids].sort((a, b) => seen(a) - seen(b));
  for (const batch of chunks(sorted)) {
    const newSince = formatBugzillaTime(Math.min(...batch.map(seen)));
    const read = await client.bugs.comments(batch, {
      newSince,
      includeFields: ['id', 'count', 'creator', 'creation_time', 'time', 'text', 'attachment_id'],
    });
    for (const [bug, entry] of Object.entries(read.bugs)) comments.set(Number(bug), entry.comments);
    const changes = await client.bugs.history(batch, { newSince });
    for (const entry of changes.bugs) history.set(entry.id, entry.history);
  }
  return { comments, history };
}
