import { type BugzillaBug, parseBugzillaTime } from '@bz-companion/shared';
import {
  type FollowRecord,
  followedIds,
  openedAt,
  recentlyOpened,
  recordSeen,
  seenAt,
} from '../common/follow-record.js';
import type { FlagRequest, InboxDetails } from '../common/inbox-state.js';
import type { NewsSnapshot, RecentBug } from '../common/news-state.js';
import { AttachmentReads, newAttachments } from './attachments.js';
import { changedSince, chunks, newActivity } from './batched-reads.js';
import { type Activity, type ChangedBug, requestRow, rowFor } from './bug-row.js';
import { bugsRequestedBy, requestsByMe } from './flag-requests.js';
import { gather } from './gather.js';
import { reasonsFor } from './reasons.js';
import type { TrackerAccess } from './tracker-access.js';

export { CANNOT } from './gather.js';

/** How many recently opened bugs the popup lists beside the changed ones. */
const RECENT = 20;

export interface FollowedRefresh {
  snapshot: NewsSnapshot;
  record: FollowRecord;
}

const changed = (bug: BugzillaBug): bug is ChangedBug => bug.id !== undefined && bug.last_change_time !== undefined;

/** Comments and history of a batch of changed bugs, and the attachments others added in those comments. */
async function activityOf(access: TrackerAccess, ids: number[], seen: (id: number) => number): Promise<Activity> {
  const read = await newActivity(access.client, ids, seen);
  const added = [...read.comments.values()]
    .flat()
    .flatMap((comment) => (comment.attachment_id ? [comment.attachment_id] : []));
  return { ...read, attachments: added.length > 0 ? await newAttachments(access.client, added) : new Map() };
}

/** The requests of the user put on each row, and a row for each bug a request waits on with nothing else new. */
function withRequests(
  rows: RecentBug[],
  requested: readonly BugzillaBug[],
  requests: ReadonlyMap<number, FlagRequest[]>,
  reasonsOf: (bug: BugzillaBug & { id: number }) => InboxDetails['reasons'],
  seen: (id: number) => number,
  me: string | null,
): RecentBug[] {
  const listed = new Set(rows.map((row) => row.id));
  const waiting = requested
    .filter(changed)
    .filter((bug) => !listed.has(bug.id))
    .map((bug) => requestRow(bug, seen(bug.id), me, reasonsOf(bug)));
  return [...rows, ...waiting].map((row) => {
    const asked = requests.get(row.id);
    if (!asked || !row.inbox) return row;
    return { ...row, inbox: { ...row.inbox, requests: asked, flags: asked.map((request) => `${request.flag}?`) } };
  });
}

/**
 * One tracker's followed bugs and what changed on each since it was seen.
 * The extension's own record (every bug opened here) is merged with the
 * tracker's recent visits (the later time wins), with the bugs found by
 * search (gather.ts). Then batched reads only: one search per 200 followed
 * bugs, comments and history per 200 changed bugs, the attachments those
 * comments add, and the attachments of the bugs whose requests are on them.
 * A bug whose only news is the user's own is seen up to that change. A batch
 * that fails keeps the news it had.
 */
export async function refreshFollowed(
  access: TrackerAccess,
  stored: FollowRecord,
  previous: NewsSnapshot | null,
  now: number,
  followInvolved: boolean,
): Promise<FollowedRefresh> {
  const reads = new AttachmentReads(access.client);
  const gathered = await gather(access, stored, previous, now, { involved: followInvolved, reads });
  let record = gathered.record;
  const me = access.me;
  const seen = (id: number) => seenAt(record[String(id)] ?? [0, 0]);
  const before = new Map((previous?.bugs ?? []).map((bug) => [bug.id, bug]));
  // The recently opened bugs whose summary is not kept yet are read with the changed ones, not on their own.
  const unnamed = recentlyOpened(record, RECENT).filter((visit) => !before.get(visit.id)?.summary);
  const swept = await changedSince(access.client, followedIds(record), seen, new Set(unnamed.map((v) => v.id)));
  const named = new Map<number, string>();
  for (const bug of swept) if (bug.id !== undefined && bug.summary) named.set(bug.id, bug.summary);
  const candidates = swept.filter(changed).filter((bug) => parseBugzillaTime(bug.last_change_time) > seen(bug.id));
  const reasonsOf = (bug: BugzillaBug & { id: number }) =>
    reasonsFor(bug, me, openedAt(record[String(bug.id)] ?? [0, 0]) > 0, gathered.requests.has(bug.id));
  let rows: RecentBug[] = [];
  const ownOnly: Array<{ id: number; at: number }> = [];
  for (const batch of chunks(candidates)) {
    const activity = await activityOf(
      access,
      batch.map((bug) => bug.id),
      seen,
    ).catch(() => null);
    for (const bug of batch) {
      const kept = before.get(bug.id);
      if (!activity) {
        if (kept?.visitedAt === seen(bug.id) && kept.news) rows.push(kept);
        continue;
      }
      const row = rowFor(bug, activity, seen(bug.id), me, reasonsOf(bug), kept);
      if (row) rows.push(row);
      // All of it was the user's own: seen, not news (where the tracker cannot say whose key it is, it stays).
      else if (me !== null) ownOnly.push({ id: bug.id, at: parseBugzillaTime(bug.last_change_time) });
    }
  }
  rows = withRequests(rows, gathered.requested, gathered.requests, reasonsOf, seen, me);
  // The newest change first (the order of "everything by time"; the inbox ranks what needs the user above).
  const changeAt = (row: RecentBug) => row.news?.latest?.at ?? row.inbox?.lastChangeAt ?? 0;
  rows.sort((a, b) => changeAt(b) - changeAt(a) || b.id - a.id);
  for (const { id, at } of ownOnly) record = recordSeen(record, [id], at);
  rows.push(...(await recentRows(access, record, rows, (id) => before.get(id)?.summary || named.get(id))));
  const snapshot: NewsSnapshot = { at: now, source: gathered.source, bugs: rows, followed: Object.keys(record).length };
  if (gathered.cannot.length > 0) snapshot.cannot = gathered.cannot;
  if (me !== null) {
    snapshot.me = me;
    const asked = await bugsRequestedBy(access.client, me).catch(() => null);
    snapshot.byMe = asked ? await requestsByMe(asked, me, reads, previous?.byMe ?? []) : (previous?.byMe ?? []);
  }
  return { snapshot, record };
}

/** The recently opened bugs not already listed as changed, newest first (the popup's "recently visited"). */
async function recentRows(
  access: TrackerAccess,
  record: FollowRecord,
  listed: readonly RecentBug[],
  known: (id: number) => string | undefined,
): Promise<RecentBug[]> {
  const listedIds = new Set(listed.map((row) => row.id));
  const recent = recentlyOpened(record, RECENT).filter((visit) => !listedIds.has(visit.id));
  const summaries = await recentSummaries(
    access,
    recent.map((visit) => visit.id),
    known,
  );
  return recent.map((visit) => ({
    id: visit.id,
    summary: summaries.get(visit.id) ?? null,
    visitedAt: visit.visitedAt,
    news: null,
  }));
}

/** The summaries of recently opened bugs: kept from the last refresh or read in this one, else one search for the rest. */
async function recentSummaries(access: TrackerAccess, ids: number[], summaryOf: (id: number) => string | undefined) {
  const known = new Map<number, string | null>();
  const missing: number[] = [];
  for (const id of ids) {
    const summary = summaryOf(id);
    if (summary) known.set(id, summary);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const found = await access.client.bugs
      .search({ id: missing }, { includeFields: ['id', 'summary'] })
      .catch(() => ({ bugs: [] as BugzillaBug[] }));
    for (const bug of found.bugs) if (bug.id !== undefined) known.set(bug.id, bug.summary ?? null);
  }
  return known;
}
