import { type BugzillaBug, type BugzillaClient, parseBugzillaTime } from '@bz-companion/shared';
import type { FlagRequest } from '../common/inbox-state.js';
import type { RecentBug, RequestByMe } from '../common/news-state.js';
import type { AttachmentReads } from './attachments.js';
import { pendingRequests, requestsBy, requestsOf } from './flags.js';

/** At most this many bugs with a flag requested of the user (or by them) are asked for at once. */
const LIMIT = 500;

/**
 * The bugs with a flag (theirs or an attachment's) asking `me`
 * (`f1=requestees.login_name&o1=equals&v1=me`), with the fields of a row.
 */
export async function bugsRequestingOf(client: BugzillaClient, me: string, fields: string[]): Promise<BugzillaBug[]> {
  const { bugs } = await client.bugs.search(
    { f1: 'requestees.login_name', o1: 'equals', v1: me, limit: LIMIT },
    { includeFields: fields },
  );
  return bugs;
}

/** The bugs with a flag `me` set, still a request (`?`): "Requests by you". */
export async function bugsRequestedBy(client: BugzillaClient, me: string): Promise<BugzillaBug[]> {
  const { bugs } = await client.bugs.search(
    { f1: 'setters.login_name', o1: 'equals', v1: me, f2: 'flagtypes.name', o2: 'substring', v2: '?', limit: LIMIT },
    { includeFields: ['id', 'summary', 'last_change_time', 'flags'] },
  );
  return bugs;
}

type Pick = (requests: readonly FlagRequest[]) => FlagRequest[];

/**
 * A bug's requests that `pick` keeps: its own flags', else (the search said one is there) its
 * attachments'. The attachments are read again only when the bug changed since the last refresh
 * read them (`kept`); null when they could not be read now (the refresh's cap), so what was kept
 * stays.
 */
async function requestsOnBug(
  bug: BugzillaBug & { id: number },
  pick: Pick,
  reads: AttachmentReads,
  kept: { at: number; requests: FlagRequest[] } | undefined,
): Promise<FlagRequest[] | null> {
  const own = pick(pendingRequests(bug.flags));
  const changedAt = bug.last_change_time ? parseBugzillaTime(bug.last_change_time) : 0;
  if (kept && kept.at === changedAt) return [...own, ...kept.requests.filter((r) => r.attachment !== null)];
  const onAttachments = await reads.requests(bug.id);
  if (onAttachments === null) return kept ? [...own, ...kept.requests.filter((r) => r.attachment !== null)] : own;
  return [...own, ...pick(onAttachments)].sort((a, b) => a.at - b.at);
}

const withId = (bug: BugzillaBug): bug is BugzillaBug & { id: number } => bug.id !== undefined;

/**
 * The requests of `me` on each bug the flag search found, oldest first; where every bug read has
 * none (a tracker that ignores the search's chart answers bugs without such a flag), null.
 */
export async function requestsOfMe(
  bugs: readonly BugzillaBug[],
  me: string,
  reads: AttachmentReads,
  previous: ReadonlyMap<number, RecentBug>,
): Promise<Map<number, FlagRequest[]> | null> {
  const found = new Map<number, FlagRequest[]>();
  for (const bug of bugs.filter(withId)) {
    const row = previous.get(bug.id)?.inbox;
    const kept = row?.requests ? { at: row.lastChangeAt, requests: row.requests } : undefined;
    const requests = await requestsOnBug(bug, (all) => requestsOf(all, me), reads, kept);
    if (requests && requests.length > 0) found.set(bug.id, requests);
  }
  return bugs.length > 0 && found.size === 0 ? null : found;
}

/** What `me` asked of others and is still waiting for, oldest first. */
export async function requestsByMe(
  bugs: readonly BugzillaBug[],
  me: string,
  reads: AttachmentReads,
  previous: readonly RequestByMe[],
): Promise<RequestByMe[]> {
  const kept = new Map<number, RequestByMe[]>();
  for (const entry of previous) kept.set(entry.bug, [...(kept.get(entry.bug) ?? []), entry]);
  const all: RequestByMe[] = [];
  for (const bug of bugs.filter(withId)) {
    const before = kept.get(bug.id);
    const at = before?.[0] ? { at: before[0].at, requests: before.map((entry) => entry.request) } : undefined;
    const requests = await requestsOnBug(bug, (found) => requestsBy(found, me), reads, at);
    const changedAt = bug.last_change_time ? parseBugzillaTime(bug.last_change_time) : 0;
    for (const request of requests ?? [])
      all.push({ bug: bug.id, summary: bug.summary ?? null, request, at: changedAt });
  }
  return all.sort((a, b) => a.request.at - b.request.at);
}
