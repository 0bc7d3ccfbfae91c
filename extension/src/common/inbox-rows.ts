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
}

export interface TrackerInbox {
  id: string;
  url: string;
  label: string;
  snapshot: NewsSnapshot | null;
  triage: Triage;
}

export const changedAt = (bug: RecentBug) => bug.news?.latest?.at ?? bug.inbox?.lastChangeAt ?? bug.visitedAt;

const hasNews = (bug: RecentBug) => bug.news !== null && bug.news.comments + bug.news.changes > 0;

/**
 * The bugs waiting across trackers, the newest change first: the inbox's
 * list, the popup's, and the badge's count are all this one list.
 */
export function inboxRows(trackers: readonly TrackerInbox[], now: number): InboxRow[] {
  const rank = labelRanks(trackers);
  const rows: InboxRow[] = [];
  for (const tracker of trackers) {
    for (const bug of tracker.snapshot?.bugs ?? []) {
      if (!hasNews(bug)) continue;
      const at = changedAt(bug);
      if (hiddenBy(tracker.triage, bug.id, at, now) !== null) continue;
      rows.push({
        trackerId: tracker.id,
        trackerUrl: tracker.url,
        label: tracker.label,
        bug,
        changedAt: at,
        starred: tracker.triage.starred[String(bug.id)] === 1,
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
