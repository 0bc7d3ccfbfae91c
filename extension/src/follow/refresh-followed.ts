import { type BugzillaBug, type LastVisit, parseBugzillaTime } from '@bz-companion/shared';
import {
  type FollowRecord,
  followedIds,
  followFound,
  mergeVisits,
  openedAt,
  recentlyOpened,
  recordSeen,
  seenAt,
} from '../common/follow-record.js';
import type { InboxDetails } from '../common/inbox-state.js';
import type { NewsSnapshot, RecentBug } from '../common/news-state.js';
import { fieldChanges, openingWords } from '../ui/change-words.js';
import { changedSince, chunks, newActivity } from './batched-reads.js';
import { countNews } from './count-news.js';
import { flagRequests } from './flag-requests.js';
import { cannotReadVisits } from './previous-visit.js';
import { flagsRequestedOf, reasonsFor } from './reasons.js';
import type { TrackerAccess } from './tracker-access.js';

/** How many recently opened bugs the popup lists beside the changed ones. */
const RECENT = 20;

/** What the inbox cannot show on a tracker, in words (said once, in the popup and the inbox). */
export const CANNOT = {
  whoami: 'This tracker does not say whose key it is: reasons other than "visited" and flag requests are not shown.',
  flags: 'This tracker cannot search for flags requested of you: flag requests are not shown.',
  visits:
    'This tracker does not give out its record of your visits: only bugs opened in this browser are followed, not those opened elsewhere.',
} as const;

/** A tracker that did not take the flag search is asked again after a day (it may have been upgraded). */
const FLAG_SEARCH_RETRY_MS = 24 * 60 * 60 * 1000;

export interface FollowedRefresh {
  snapshot: NewsSnapshot;
  record: FollowRecord;
}

async function trackerVisits(access: TrackerAccess) {
  try {
    const rows = await access.client.lastVisit.recent();
    const visits = rows
      .filter((row): row is LastVisit => row.last_visit_ts !== null)
      .map((row) => ({ id: row.id, visitedAt: parseBugzillaTime(row.last_visit_ts) }));
    return { source: 'tracker' as const, visits };
  } catch (error) {
    if (!cannotReadVisits(error)) throw error;
    return { source: 'extension' as const, visits: [] };
  }
}

async function involvedIds(access: TrackerAccess & { me: string }): Promise<number[]> {
  const { bugs } = await access.client.bugs.search(
    {
      email1: access.me,
      emailtype1: 'equals',
      emailassigned_to1: '1',
      emailreporter1: '1',
      emailcc1: '1',
      emailqa_contact1: '1',
    },
    { includeFields: ['id'] },
  );
  return bugs.flatMap((bug) => (bug.id === undefined ? [] : [bug.id]));
}

/** The record with the tracker's visits, the involved bugs and the flag requests merged in, and what could not be. */
async function gather(
  access: TrackerAccess,
  stored: FollowRecord,
  previous: NewsSnapshot | null,
  now: number,
  followInvolved: boolean,
) {
  const cannot: string[] = [];
  const { source, visits } = await trackerVisits(access);
  if (source === 'extension') cannot.push(CANNOT.visits);
  let record = mergeVisits(stored, visits);
  const flagged = new Set<number>();
  const me = access.me;
  if (me === null) cannot.push(CANNOT.whoami);
  else {
    if (followInvolved) record = followFound(record, await involvedIds({ ...access, me }), now);
    const skipFlags = previous?.cannot?.includes(CANNOT.flags) && now - previous.at < FLAG_SEARCH_RETRY_MS;
    const requested = skipFlags ? null : await flagRequests(access.client, me).catch(() => null);
    if (requested === null) cannot.push(CANNOT.flags);
    else {
      for (const bug of requested) if (bug.id !== undefined) flagged.add(bug.id);
      record = followFound(record, [...flagged], now);
    }
  }
  return { source, record, flagged, cannot };
}

type ChangedBug = BugzillaBug & { id: number; last_change_time: string };
type Activity = Awaited<ReturnType<typeof newActivity>>;

/** A changed bug's row, or null when all that changed since `since` was the user's own. */
function rowFor(
  bug: ChangedBug,
  activity: Activity,
  since: number,
  me: string | null,
  reasons: InboxDetails['reasons'],
  kept: RecentBug | undefined,
): RecentBug | null {
  const comments = activity.comments.get(bug.id) ?? [];
  const history = activity.history.get(bug.id) ?? [];
  const news = countNews(comments, history, since, me);
  if (news.comments + news.changes === 0) return null;
  const others = (who: string | undefined) => me === null || who?.toLowerCase() !== me.toLowerCase();
  const first = comments.find(
    (comment) => others(comment.creator) && parseBugzillaTime(comment.creation_time ?? comment.time ?? '') > since,
  );
  const inbox: InboxDetails = {
    reasons,
    flags: flagsRequestedOf(bug, me),
    product: bug.product ?? null,
    component: bug.component ?? null,
    status: bug.resolution ? `${bug.status} ${bug.resolution}` : (bug.status ?? null),
    changes: fieldChanges(history, since, (who) => others(who)),
    firstComment: first?.text ? openingWords(first.text) : null,
    lastChangeAt: parseBugzillaTime(bug.last_change_time),
  };
  return { id: bug.id, summary: bug.summary ?? kept?.summary ?? null, visitedAt: since, news, inbox };
}

/**
 * One tracker's followed bugs and what changed on each since it was seen.
 * The extension's own record (every bug opened here) is merged with the
 * tracker's recent visits (the later time wins), with the bugs the user is
 * involved in (`followInvolved`) and those with a flag requested of them.
 * Then batched reads only: one search per 200 followed bugs, comments and
 * history per 200 changed bugs. A bug whose only news is the user's own is
 * seen up to that change. A batch that fails keeps the news it had.
 */
export async function refreshFollowed(
  access: TrackerAccess,
  stored: FollowRecord,
  previous: NewsSnapshot | null,
  now: number,
  followInvolved: boolean,
): Promise<FollowedRefresh> {
  const { source, flagged, cannot, ...gathered } = await gather(access, stored, previous, now, followInvolved);
  let record = gathered.record;
  const me = access.me;
  const seen = (id: number) => seenAt(record[String(id)] ?? [0, 0]);
  const before = new Map((previous?.bugs ?? []).map((bug) => [bug.id, bug]));
  // The recently opened bugs whose summary is not kept yet are read with the changed ones, not on their own.
  const unnamed = recentlyOpened(record, RECENT).filter((visit) => !before.get(visit.id)?.summary);
  const swept = await changedSince(access.client, followedIds(record), seen, new Set(unnamed.map((v) => v.id)));
  const named = new Map<number, string>();
  for (const bug of swept) if (bug.id !== undefined && bug.summary) named.set(bug.id, bug.summary);
  const candidates = swept.filter(
    (bug): bug is ChangedBug =>
      bug.id !== undefined &&
      bug.last_change_time !== undefined &&
      parseBugzillaTime(bug.last_change_time) > seen(bug.id),
  );
  const rows: RecentBug[] = [];
  const ownOnly: Array<{ id: number; at: number }> = [];
  for (const batch of chunks(candidates)) {
    const ids = batch.map((bug) => bug.id);
    const activity = await newActivity(access.client, ids, seen).catch(() => null);
    for (const bug of batch) {
      const kept = before.get(bug.id);
      if (!activity) {
        if (kept?.visitedAt === seen(bug.id) && kept.news) rows.push(kept);
        continue;
      }
      const opened = openedAt(record[String(bug.id)] ?? [0, 0]) > 0;
      const row = rowFor(bug, activity, seen(bug.id), me, reasonsFor(bug, me, opened, flagged.has(bug.id)), kept);
      if (row) rows.push(row);
      // All of it was the user's own: seen, not news (where the tracker cannot say whose key it is, it stays).
      else if (me !== null) ownOnly.push({ id: bug.id, at: parseBugzillaTime(bug.last_change_time) });
    }
  }
  // The newest change first (the inbox's and the popup's order).
  const changeAt = (row: RecentBug) => row.news?.latest?.at ?? row.inbox?.lastChangeAt ?? 0;
  rows.sort((a, b) => changeAt(b) - changeAt(a) || b.id - a.id);
  for (const { id, at } of ownOnly) record = recordSeen(record, [id], at);
  rows.push(...(await recentRows(access, record, rows, (id) => before.get(id)?.summary || named.get(id))));
  const snapshot: NewsSnapshot = { at: now, source, bugs: rows, followed: Object.keys(record).length };
  if (cannot.length > 0) snapshot.cannot = cannot;
  return { snapshot, record };
}

/** The recently opened bugs not already listed as changed, newest first (the popup's "recently visited"). */
async function recentRows(
  access: TrackerAccess,
  record: FollowRecord,
  listed: readonly RecentBug[],
  known: (id: number) => string | undefined,
): Promise<RecentBug[]> {
  const changed = new Set(listed.map((row) => row.id));
  const recent = recentlyOpened(record, RECENT).filter((visit) => !changed.has(visit.id));
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
