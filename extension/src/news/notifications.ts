import { isolateBidi } from '../common/bidi.js';
import type { NewsSnapshot, RecentBug } from '../common/news-state.js';
import { newsLine } from './describe-news.js';

/** One desktop notification: its id is the page to open when it is clicked (so a restarted worker still knows). */
export interface BugNotification {
  id: string;
  title: string;
  message: string;
}

/** Whether `at` (local time) falls within quiet hours; `from` > `to` spans midnight (22:00 to 07:00). */
export function isQuiet(at: Date, quiet: { from: number; to: number } | null | undefined): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const minute = at.getHours() * 60 + at.getMinutes();
  return quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
}

/** The bug page at its first new comment. */
export function bugPage(trackerUrl: string, bug: RecentBug): string {
  const anchor = bug.news?.firstNewComment == null ? '' : `#c${bug.news.firstNewComment}`;
  return `${trackerUrl}show_bug.cgi?id=${bug.id}${anchor}`;
}

/**
 * The notifications a refresh calls for: one per bug others changed since
 * your visit, each change told once (`notified` holds, per bug, the time of
 * the latest change already told; it is returned updated). News kept from an
 * older version, without who and when, is not told: the next change is.
 */
export function notificationsFor(
  trackerUrl: string,
  snapshot: NewsSnapshot,
  notified: Readonly<Record<string, number>>,
): { notifications: BugNotification[]; notified: Record<string, number> } {
  const next: Record<string, number> = {};
  const notifications: BugNotification[] = [];
  for (const bug of snapshot.bugs) {
    const latest = bug.news?.latest;
    const told = notified[String(bug.id)];
    if (!bug.news || !latest) continue;
    next[String(bug.id)] = Math.max(latest.at, told ?? 0);
    if (told !== undefined && latest.at <= told) continue;
    notifications.push({
      id: bugPage(trackerUrl, bug),
      title: `Bug ${bug.id}${bug.summary ? `: ${isolateBidi(bug.summary)}` : ''}`,
      message: `${newsLine(bug.news)} (${latest.who})`,
    });
  }
  return { notifications, notified: next };
}
