import type { FlagRequest, InboxDetails } from './inbox-state.js';
import type { Problem } from './problems.js';

/** What happened on one bug since a visit, by other people. */
export interface BugNews {
  comments: number;
  /** Change sets (one person's edit of several fields at once is one change), as Bugzilla's activity counts them. */
  changes: number;
  /** The fields those changes touched, each once, in the order first changed. */
  fields: string[];
  /** The `count` of the first new comment: its anchor on the bug page is `#c<count>`. */
  firstNewComment: number | null;
  /** Who made the latest of those comments and changes, and when (absent in news kept by older versions). */
  latest?: { who: string; at: number } | null;
  /** The status the bug was last set to by those changes (`RESOLVED`), or null when it was not changed. */
  statusTo?: string | null;
}

/**
 * Where a previous visit came from: the tracker's own record, or (on
 * Bugzilla 5.0/5.2, whose `GET /rest/bug_user_last_visit` crashes) the visit
 * this browser recorded last.
 */
export type VisitSource = 'tracker' | 'extension';

/** One recently visited bug as the popup and badge show it. */
export interface RecentBug {
  id: number;
  summary: string | null;
  visitedAt: number;
  /** Null when nothing changed since the visit (or it could not be read). */
  news: BugNews | null;
  /** What the inbox's row shows of a changed bug (absent in news kept by older versions). */
  inbox?: InboxDetails;
}

/** What the last refresh learnt about one tracker's recent visits (storage.local, so the popup paints it at once). */
export interface NewsSnapshot {
  at: number;
  source: VisitSource;
  bugs: RecentBug[];
  /** How many bugs the extension follows on this tracker (absent in snapshots of older versions). */
  followed?: number;
  /** What this tracker cannot give the inbox, in words, said once (flags not searchable, no whoami). */
  cannot?: string[];
  /** Whose key it is, as the refresh knew it (to say "you"); null where nobody could say. */
  me?: string | null;
  /** The flags the user set on others still waiting for an answer, oldest first: "Requests by you". */
  byMe?: RequestByMe[];
  /**
   * The last refreshes failed (the tracker unreachable, the key rejected): since when, and why. The
   * rest is the last refresh that worked, `at`. Null or absent once one works again.
   */
  trouble?: RefreshTrouble | null;
}

/** A request the user made of someone else, on one bug. */
export interface RequestByMe {
  bug: number;
  summary: string | null;
  request: FlagRequest;
  /** The bug's last change when its flags were read (they are read again once it changes). */
  at: number;
}

/** Why the refresh of a tracker keeps failing, since when, and when it was tried last. */
export interface RefreshTrouble {
  problem: Problem;
  since: number;
  lastTry: number;
}

/** The banner's message from the background to a bug page. */
export interface BannerNews {
  news: BugNews;
  since: number;
  source: VisitSource;
}

/** Settings of the feature (storage.sync, with the list of trackers). */
export interface NewsSettings {
  /** Count changed bugs on the toolbar badge. */
  badge: boolean;
  /** How often the alarm looks for changes. */
  periodMinutes: number;
  /** No desktop notification between these times of day (minutes after local midnight; may span midnight). */
  quietHours?: { from: number; to: number } | null | undefined;
}

export const DEFAULT_NEWS_SETTINGS: NewsSettings = { badge: true, periodMinutes: 10 };

/** How many bugs this browser remembers visiting per tracker (the fallback where the tracker cannot say). */
export const MAX_REMEMBERED_VISITS = 50;

export const changedBugs = (snapshot: NewsSnapshot | null): RecentBug[] =>
  (snapshot?.bugs ?? []).filter((bug) => bug.news !== null && bug.news.comments + bug.news.changes > 0);
