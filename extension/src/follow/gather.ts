import { type BugzillaBug, formatBugzillaTime, type LastVisit, parseBugzillaTime } from '@bz-companion/shared';
import { type FollowRecord, followFound, mergeVisits } from '../common/follow-record.js';
import type { FlagRequest } from '../common/inbox-state.js';
import type { NewsSnapshot, RecentBug } from '../common/news-state.js';
import type { AttachmentReads } from './attachments.js';
import { ROW_FIELDS } from './batched-reads.js';
import { bugsRequestingOf, requestsOfMe } from './flag-requests.js';
import { cannotReadVisits } from './previous-visit.js';
import type { TrackerAccess } from './tracker-access.js';

/** What the inbox cannot show on a tracker, in words (said once, in the popup and the inbox). */
export const CANNOT = {
  whoami:
    'This tracker does not say whose key it is: enter your login in the options to see why each bug is listed, the requests of you and the bugs assigned to you.',
  flags: 'This tracker cannot search for flags requested of you: flag requests are not shown.',
  visits:
    'This tracker does not give out its record of your visits: only bugs opened in this browser are followed, not those opened elsewhere.',
} as const;

/** A tracker that did not take the flag search is asked again after a day (it may have been upgraded). */
const FLAG_SEARCH_RETRY_MS = 24 * 60 * 60 * 1000;

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

/**
 * The bugs the user became assignee or QA contact of, or (`involved`) reporter or CC of, changed
 * since the last look (`since`; the first look asks for them all): Bugzilla's email chart.
 */
async function foundBugs(access: TrackerAccess & { me: string }, since: number | null, involved: boolean) {
  const { bugs } = await access.client.bugs.search(
    {
      email1: access.me,
      emailtype1: 'equals',
      emailassigned_to1: '1',
      emailqa_contact1: '1',
      ...(involved ? { emailreporter1: '1', emailcc1: '1' } : {}),
      ...(since === null ? {} : { last_change_time: formatBugzillaTime(since) }),
    },
    { includeFields: ['id'] },
  );
  return bugs.flatMap((bug) => (bug.id === undefined ? [] : [bug.id]));
}

export interface Gathered {
  source: 'tracker' | 'extension';
  record: FollowRecord;
  /** The bugs a flag asks the user on, with their rows' fields, and those requests. */
  requested: BugzillaBug[];
  requests: Map<number, FlagRequest[]>;
  cannot: string[];
}

/**
 * The record with the tracker's visits merged in, and the bugs found by search (those the user
 * became assignee or QA contact of, or is involved in, and those a flag asks them on) followed from
 * the last look: what happened on them since is news, so a new bug assigned to them is listed
 * without being opened. On the first look they are followed from now (nothing old is news).
 */
export async function gather(
  access: TrackerAccess,
  stored: FollowRecord,
  previous: NewsSnapshot | null,
  now: number,
  { involved, reads }: { involved: boolean; reads: AttachmentReads },
): Promise<Gathered> {
  const cannot: string[] = [];
  const { source, visits } = await trackerVisits(access);
  if (source === 'extension') cannot.push(CANNOT.visits);
  let record = mergeVisits(stored, visits);
  const lastLook = previous?.at ?? null;
  const me = access.me;
  if (me === null) {
    cannot.push(CANNOT.whoami);
    return { source, record, requested: [], requests: new Map(), cannot };
  }
  const before = new Map<number, RecentBug>((previous?.bugs ?? []).map((bug) => [bug.id, bug]));
  const skipFlags = previous?.cannot?.includes(CANNOT.flags) && now - previous.at < FLAG_SEARCH_RETRY_MS;
  const requested = skipFlags ? null : await bugsRequestingOf(access.client, me, ROW_FIELDS).catch(() => null);
  const requests = requested ? await requestsOfMe(requested, me, reads, before) : null;
  if (requests === null) cannot.push(CANNOT.flags);
  const found = await foundBugs({ ...access, me }, lastLook, involved).catch(() => []);
  record = followFound(record, [...found, ...(requests?.keys() ?? [])], lastLook ?? now);
  const asking = (requested ?? []).filter((bug) => bug.id !== undefined && requests?.has(bug.id));
  return { source, record, requested: asking, requests: requests ?? new Map(), cannot };
}
