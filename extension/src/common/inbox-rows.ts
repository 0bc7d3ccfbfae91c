import type { NewsSnapshot, RecentBug } from './news-state.js';
import { hiddenBy, type Triage } from './triage.js';

/** One bug waiting in the inbox: a changed bug of one tracker, not muted, snoozed or done since. */
export interface InboxRow {
  trackerId: string;
  trackerUrl: string;
  /** The tracker's label (its host unless the user named it). */
  label: string;
  bug: RecentBug;
  /** When its latest change by others happened (the inbox's order, newest first). */
  changedAt: number;
  starred: boolean;
  /** Whose key the tracker knows it by (to say "you"), or null where nobody could say. */
  me: string | null;
  /** What about it needs the user, if anything: the "Needs you" part of the list. */
  needs: Needs | null;
}

/**
 * Why a bug needs the user, most pressing first: a flag asks them (since `at`, its oldest
 * request), it became theirs (assigned, QA contact), a new comment names them.
 */
export interface Needs {
  why: 'request' | 'yours' | 'mention';
  at: number;
}

/** The two orders of the list: what needs the user first (then the rest by time), or by time alone. */
export type InboxOrder = 'needs-you' | 'newest';

const TIER: Record<Needs['why'], number> = { request: 0, yours: 1, mention: 2 };

/** What needs the user on a bug (absent in news kept by versions before it was known). */
export function needsOf(bug: RecentBug): Needs | null {
  const inbox = bug.inbox;
  const oldest = inbox?.requests?.[0];
  if (oldest) return { why: 'request', at: oldest.at };
  if (inbox?.becameYours) return { why: 'yours', at: inbox.becameYours.at };
  if (inbox?.mentions) return { why: 'mention', at: changedAt(bug) };
  return null;
}

/**
 * The rows in an order: "needs you" puts the requests of the user first, the oldest request
 * first (the longest waiting), then the bugs that became theirs and those whose new comments
 * name them, newest first, then everything else as it was (newest change first).
 */
export function ordered(rows: readonly InboxRow[], order: InboxOrder): InboxRow[] {
  if (order === 'newest') return [...rows];
  const needing = rows.filter((row) => row.needs !== null);
  const rest = rows.filter((row) => row.needs === null);
  needing.sort((a, b) => {
    const [x, y] = [a.needs as Needs, b.needs as Needs];
    return TIER[x.why] - TIER[y.why] || (x.why === 'request' ? x.at - y.at : y.at - x.at);
  });
  return [...needing, ...rest];
}

export interface TrackerInbox {
  id: string;
  url: string;
  label: string;
  snapshot: NewsSnapshot | null;
  triage: Triage;
}

export const changedAt = (bug: RecentBug) =>
  bug.news?.latest?.at ?? bug.inbox?.requests?.[0]?.at ?? bug.inbox?.lastChangeAt ?? bug.visitedAt;

const hasNews = (bug: RecentBug) => bug.news !== null && bug.news.comments + bug.news.changes > 0;
/** A request of the user keeps its bug listed, news or not, until it is answered. */
const waits = (bug: RecentBug) => hasNews(bug) || (bug.inbox?.requests?.length ?? 0) > 0;

/**
 * The bugs waiting across trackers, the newest change first: the inbox's
 * list, the popup's, and the badge's count are all this one list (`ordered`
 * then puts what needs the user first).
 */
export function inboxRows(trackers: readonly TrackerInbox[], now: number): InboxRow[] {
  const rank = labelRanks(trackers);
  const rows: InboxRow[] = [];
  for (const tracker of trackers) {
    for (const bug of tracker.snapshot?.bugs ?? []) {
      if (!waits(bug)) continue;
      const at = changedAt(bug);
      if (hiddenBy(tracker.triage, bug.id, at, now) !== null) continue;
      rows.push({
        trackerId: tracker.id,
        trackerUrl: tracker.url,
        label: tracker.label,
        bug,
        changedAt: at,
        starred: tracker.triage.starred[String(bug.id)] === 1,
        me: tracker.snapshot?.me ?? null,
        needs: needsOf(bug),
      });
    }
  }
  return rows.sort(
    (a, b) =>
      b.changedAt - a.changedAt || (rank.get(a.label) as number) - (rank.get(b.label) as number) || b.bug.id - a.bug.id,
  );
}

/**
 * Each tracker's label by its place in the labels' locale order (alike labels
 * share one): thousands of rows changed in one second are ordered by these
 * few numbers rather than by comparing their labels each time.
 */
function labelRanks(trackers: readonly TrackerInbox[]): Map<string, number> {
  const labels = [...new Set(trackers.map((tracker) => tracker.label))].sort((a, b) => a.localeCompare(b));
  const rank = new Map<string, number>();
  labels.forEach((label, i) => {
    const before = labels[i - 1];
    rank.set(label, before !== undefined && before.localeCompare(label) === 0 ? (rank.get(before) as number) : i);
  });
  return rank;
}

/** The row's key, unique across trackers. */
export const rowKey = (row: Pick<InboxRow, 'trackerId'> & { bug: { id: number } }) => `${row.trackerId}:${row.bug.id}`;

/** The label a tracker is shown by: the user's, else its host. */
export const trackerLabel = (tracker: { url: string; label?: string | undefined }) =>
  tracker.label?.trim() || new URL(tracker.url).host + new URL(tracker.url).pathname.replace(/\/$/, '');
