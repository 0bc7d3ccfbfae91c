import { isolateBidi } from '../common/bidi.js';
import { bugPage } from '../common/bug-page.js';
import { changedAt } from '../common/inbox-rows.js';
import type { NewsSnapshot } from '../common/news-state.js';
import { hiddenBy, type Triage } from '../common/triage.js';
import { shortLogin } from '../ui/describe-news.js';
import { needsWords, rowWords } from '../ui/row-words.js';

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

/** What one tracker's refresh has to tell, before the refresh of every tracker decides how. */
export interface TrackerNotifications {
  label: string;
  notifications: BugNotification[];
  notified: Record<string, number>;
}

/**
 * The notifications a refresh calls for on one tracker: one per bug others
 * changed since your visit, each change told once (`notified` holds, per
 * bug, the time of the latest change already told; it is returned updated),
 * none for a change before `since` (when notifications were turned on), none
 * for a bug muted, snoozed, or done after its change. Each names the
 * tracker and says the change in words, with a comment's opening words.
 */
export function notificationsFor(
  tracker: { url: string; label: string },
  snapshot: NewsSnapshot,
  notified: Readonly<Record<string, number>>,
  { since = 0, triage, now = Date.now() }: { since?: number; triage?: Triage; now?: number } = {},
): TrackerNotifications {
  const next: Record<string, number> = {};
  const notifications: BugNotification[] = [];
  for (const bug of snapshot.bugs) {
    const latest = bug.news?.latest;
    const told = notified[String(bug.id)];
    if (!bug.news || !latest) continue;
    next[String(bug.id)] = Math.max(latest.at, told ?? 0);
    if (told !== undefined && latest.at <= told) continue;
    if (latest.at <= since) continue;
    if (triage && hiddenBy(triage, bug.id, changedAt(bug), now) !== null) continue;
    notifications.push({
      id: bugPage(tracker.url, bug),
      title: `${tracker.label} · Bug ${bug.id}${bug.summary ? `: ${isolateBidi(bug.summary)}` : ''}`,
      message: `${[...needsWords(bug, now), ...rowWords(bug, snapshot.me ?? null)].join(' · ')} — ${shortLogin(latest.who)} (${latest.who})`,
    });
  }
  return { label: tracker.label, notifications, notified: next };
}

/** At most this many notifications for one refresh; past it, one summary says how many. */
const MAX_NOTIFICATIONS = 3;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What one refresh of every tracker shows: each bug's notification up to
 * three, else one summary ("7 bugs changed on 2 trackers") that opens the
 * inbox (its id is `inbox`).
 */
export function planNotifications(trackers: readonly TrackerNotifications[]): BugNotification[] {
  const all = trackers.flatMap((tracker) => tracker.notifications);
  if (all.length <= MAX_NOTIFICATIONS) return all;
  const labels = trackers.filter((tracker) => tracker.notifications.length > 0).map((tracker) => tracker.label);
  return [
    {
      id: INBOX_NOTIFICATION,
      title: `${plural(all.length, 'bug', 'bugs')} changed on ${plural(labels.length, 'tracker', 'trackers')}`,
      message: `${labels.join(', ')}. Open the inbox to see them.`,
    },
  ];
}

/** The summary notification's id: a click opens the inbox. */
export const INBOX_NOTIFICATION = 'inbox';
