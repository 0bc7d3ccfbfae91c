import { clockNow } from '../common/clock.js';
import { type FollowRecord, recordOpened, recordSeen } from '../common/follow-record.js';
import { trackerLabel } from '../common/inbox-rows.js';
import type { BannerNews, NewsSnapshot, RefreshTrouble } from '../common/news-state.js';
import { asProblem, type Problem } from '../common/problems.js';
import { trackerOwningPage, visitOnPage } from '../common/tracker-for-page.js';
import type { Tracker } from '../common/trackers.js';
import type { Triage } from '../common/triage.js';
import type { Platform } from '../platform/platform.js';
import { FollowStorage } from '../storage/follow-storage.js';
import { NewsStorage } from '../storage/news-storage.js';
import { TrackerStorage } from '../storage/storage.js';
import { TriageStorage } from '../storage/triage-storage.js';
import { BugPageNews } from './bug-page-news.js';
import {
  INBOX_NOTIFICATION,
  isQuiet,
  notificationsFor,
  planNotifications,
  type TrackerNotifications,
} from './notifications.js';
import { refreshFollowed } from './refresh-followed.js';
import { TrackerAccessCache } from './tracker-access.js';
import type { VisitRecorder } from './visit-recorder.js';

/** A tracker slow to give the previous visit does not hold the visit back longer than this (the banner then shows nothing). */
const MAX_WAIT_FOR_PREVIOUS_MS = 3000;
/** The banner waits this long at most for the page's own visit to be sent before it reads the bug's news. */
const MAX_WAIT_FOR_VISIT_MS = 5000;

const isBugNumber = (bug: string) => /^\d+$/.test(bug);

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * A bug marked Done (here or in another browser) counts as seen up to then: what comes back into the
 * inbox is what happened after it.
 */
function withDone(record: FollowRecord, triage: Triage | undefined): FollowRecord {
  let next = record;
  for (const [bug, at] of Object.entries(triage?.done ?? {})) {
    if (next[bug] !== undefined && (next[bug]?.[1] ?? 0) < at) next = recordSeen(next, [bug], at * 1000);
  }
  return next;
}

/**
 * "What changed since your visit", in the background: the bug page's banner,
 * the popup's recent visits with their news, and the badge's count. Each
 * tracker's news is written by one chain of operations at a time.
 */
export class WhatChanged {
  readonly #delivery: VisitRecorder;
  readonly #storage: TrackerStorage;
  readonly #news: NewsStorage;
  readonly #follow: FollowStorage;
  readonly #triage: TriageStorage;
  readonly #access: TrackerAccessCache;
  readonly #page: BugPageNews;
  readonly #now: () => number;
  readonly #platform: Platform;
  readonly #chains = new Map<string, Promise<unknown>>();
  /** Per bug page loading: settles once its visit was sent (or given up on), so the banner's reads come after it. */
  readonly #visitSent = new Map<string, { promise: Promise<void>; resolve: () => void }>();

  constructor(platform: Platform, delivery: VisitRecorder, now: () => number = clockNow) {
    this.#delivery = delivery;
    this.#platform = platform;
    platform.onNotificationClicked((id) => void this.openNotified(id).catch(() => {}));
    this.#storage = new TrackerStorage(platform);
    this.#news = new NewsStorage(platform);
    this.#follow = new FollowStorage(platform);
    this.#triage = new TriageStorage(platform);
    this.#access = new TrackerAccessCache(platform, this.#storage);
    this.#page = new BugPageNews(this.#access, this.#news, now);
    this.#now = now;
  }

  /** A page started loading: when it is a bug page, its previous visit is read before this one is recorded. */
  async pageStarted(url: string): Promise<void> {
    const visit = visitOnPage(url, await this.#storage.trackers());
    if (!visit) return;
    const key = `${visit.tracker.id} ${visit.bug}`;
    this.#visitSent.get(key)?.resolve();
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    this.#visitSent.set(key, { promise, resolve });
    await this.#page.capture(visit.tracker, visit.bug);
  }

  /**
   * A bug page loaded: the visit is queued at once (stored, never lost), and
   * sent, and remembered here, once the page's previous visit has been read.
   * The recent visits' refresh is due again: it does not list this one yet.
   */
  async pageVisited(tracker: Tracker, bug: string): Promise<void> {
    const at = this.#now();
    await this.#delivery.queueVisit(tracker.id, bug);
    // Followed from now, and off the inbox and the badge at once, before the tracker hears of it.
    const seen = this.#seenNow(tracker.id, [bug], at);
    await this.#page.captured(tracker, bug, MAX_WAIT_FOR_PREVIOUS_MS);
    await this.#news.recordVisited(tracker.id, [bug], at);
    try {
      await this.#delivery.flush(tracker.id);
    } finally {
      const key = `${tracker.id} ${bug}`;
      this.#visitSent.get(key)?.resolve();
      this.#visitSent.delete(key);
    }
    await seen;
    // A page named by alias: once sending it found the number, that bug is the one opened.
    const id = isBugNumber(bug) ? undefined : (await this.#delivery.state(tracker.id)).aliasIds[bug];
    if (id !== undefined) await this.#seenNow(tracker.id, [String(id)], at);
  }

  /** These bugs were opened or marked seen at `at`: recorded as followed, their news cleared, the badge updated. */
  #seenNow(trackerId: string, bugs: readonly string[], at: number) {
    return this.#serialized(trackerId, async (tracker) => {
      await this.#follow.save(tracker.id, recordOpened(await this.#follow.record(tracker.id), bugs, at));
      const kept = await this.#news.snapshot(tracker.id);
      if (!kept) return kept;
      const opened = new Set(bugs);
      const known = new Set(kept.bugs.map((row) => String(row.id)));
      const next: NewsSnapshot = {
        ...kept,
        // A bug opened by an alias whose number is not known here: the next look asks the tracker.
        at: bugs.every(isBugNumber) ? kept.at : 0,
        bugs: [
          ...bugs
            .filter((bug) => !known.has(bug) && isBugNumber(bug))
            .map((bug) => ({ id: Number(bug), summary: null, visitedAt: at, news: null })),
          ...kept.bugs.map((row) => (opened.has(String(row.id)) ? { ...row, visitedAt: at, news: null } : row)),
        ],
      };
      await this.#news.saveSnapshot(tracker.id, next);
      return next;
    });
  }

  /** The banner of the bug page at `url`, or null. */
  async banner(url: string): Promise<BannerNews | null> {
    const visit = visitOnPage(url, await this.#storage.trackers());
    if (!visit) return null;
    // The visit goes first, then the reads: on 5.0/5.2 two requests with one key at once make one fail.
    const sent = this.#visitSent.get(`${visit.tracker.id} ${visit.bug}`);
    if (sent) await withTimeout(sent.promise, MAX_WAIT_FOR_VISIT_MS);
    return this.#page.bannerFor(visit.tracker, visit.bug);
  }

  /**
   * Notes when each tracker's notifications were turned on (nothing older is
   * told) or forgets it when they are off: at start-up and whenever the list
   * of trackers changes, here or in another browser.
   */
  async noteNotifySettings(): Promise<void> {
    for (const tracker of await this.#storage.trackerSettings()) {
      const since = await this.#news.notifySince(tracker.id);
      if (tracker.notify && since === null) await this.#news.setNotifySince(tracker.id, this.#now());
      if (!tracker.notify && since !== null) await this.#news.setNotifySince(tracker.id, null);
    }
  }

  /**
   * Every tracker's recent visits and their news (the alarm; the inbox and the popup as they open,
   * with `maxAgeMs`: a tracker looked at more recently than that is not asked again).
   */
  async refreshAll(maxAgeMs = 0): Promise<void> {
    const trackers = await this.#storage.trackers();
    const told: TrackerNotifications[] = [];
    await Promise.all(trackers.map((tracker) => this.refresh(tracker.id, maxAgeMs, told).catch(() => null)));
    await this.#show(told);
  }

  /**
   * One tracker's recent visits and their news, stored for the popup and the
   * badge; a snapshot younger than `maxAgeMs` is kept as it is (a popup
   * opened again at once asks nothing of the tracker).
   */
  refresh(trackerId: string, maxAgeMs = 0, told?: TrackerNotifications[]): Promise<NewsSnapshot | null> {
    return this.#serialized(trackerId, async (tracker) => {
      const kept = await this.#news.snapshot(tracker.id);
      if (kept && this.#now() - Math.max(kept.at, kept.trouble?.lastTry ?? 0) < maxAgeMs) return kept;
      const reached = await this.#access.reach(tracker);
      if ('problem' in reached) return this.#troubled(tracker.id, kept, reached.problem);
      const record = withDone(
        await this.#follow.record(tracker.id),
        (await this.#triage.read([tracker.id])).get(tracker.id),
      );
      // On unless turned off: the bugs the user is involved in are what a triager follows.
      const followInvolved = tracker.followInvolved !== false;
      let refreshed: Awaited<ReturnType<typeof refreshFollowed>>;
      try {
        refreshed = await refreshFollowed(reached.access, record, kept, this.#now(), followInvolved);
      } catch (error) {
        return this.#troubled(tracker.id, kept, asProblem(error));
      }
      const snapshot = refreshed.snapshot;
      await this.#follow.save(tracker.id, refreshed.record);
      await this.#news.saveSnapshot(tracker.id, snapshot);
      const notifications = await this.#notify(tracker, snapshot);
      if (!notifications) return snapshot;
      // One tracker on its own (the popup's refresh) is told at once; the alarm's refresh tells every tracker's at the end.
      if (told) told.push(notifications);
      else await this.#show([notifications]);
      return snapshot;
    });
  }

  /**
   * The refresh failed: what was kept stays (the rows may be stale), with since when and why, so the
   * inbox says so beside its rows and the badge shows `!` within the period.
   */
  async #troubled(trackerId: string, kept: NewsSnapshot | null, problem: Problem): Promise<NewsSnapshot> {
    const now = this.#now();
    const trouble: RefreshTrouble = { problem, since: kept?.trouble?.since ?? now, lastTry: now };
    const snapshot: NewsSnapshot = { ...(kept ?? { at: 0, source: 'tracker', bugs: [] }), trouble };
    await this.#news.saveSnapshot(trackerId, snapshot);
    return snapshot;
  }

  /** "Mark all as seen": the changed bugs are recorded as visited now, in one request where the tracker allows. */
  markSeen(trackerId: string, ids: readonly number[]): Promise<NewsSnapshot | null> {
    const bugs = ids.map(String);
    const now = this.#now();
    const seen = this.#seenNow(trackerId, bugs, now);
    return this.#serialized(trackerId, async (tracker) => {
      await seen;
      await this.#news.recordVisited(tracker.id, bugs, now);
      await this.#delivery.recordVisits(tracker.id, bugs);
      return this.#news.snapshot(tracker.id);
    });
  }

  /**
   * The desktop notifications of one tracker's refresh, where the tracker has
   * them turned on and not in quiet hours (what happens then is told after
   * them, if still new); nothing that happened before they were turned on.
   */
  async #notify(tracker: Tracker, snapshot: NewsSnapshot): Promise<TrackerNotifications | null> {
    if (!tracker.notify) {
      await this.#news.setNotifySince(tracker.id, null);
      return null;
    }
    const since =
      (await this.#news.notifySince(tracker.id)) ?? (await this.#news.setNotifySince(tracker.id, this.#now()));
    if (isQuiet(new Date(this.#now()), (await this.#news.settings()).quietHours)) return null;
    const triage = (await this.#triage.read([tracker.id])).get(tracker.id);
    const told = notificationsFor(
      { url: tracker.url, label: trackerLabel(tracker) },
      snapshot,
      await this.#news.notified(tracker.id),
      { since, now: this.#now(), ...(triage ? { triage } : {}) },
    );
    await this.#news.saveNotified(tracker.id, told.notified);
    return told;
  }

  /** Up to three notifications, else one summary (planNotifications). */
  async #show(told: readonly TrackerNotifications[]): Promise<void> {
    for (const notification of planNotifications(told)) {
      await this.#platform.showNotification(notification).catch(() => {});
    }
  }

  /** A notification was clicked: its id is the bug page to open, when it is a page of a tracker in the list. */
  async openNotified(id: string): Promise<void> {
    await this.#platform.clearNotification(id).catch(() => {});
    if (id === INBOX_NOTIFICATION) return this.#platform.openInbox();
    if (trackerOwningPage(id, await this.#storage.trackers())) await this.#platform.openTab(id);
  }

  #serialized(trackerId: string, operation: (tracker: Tracker) => Promise<NewsSnapshot | null>) {
    const run = async () => {
      const tracker = (await this.#storage.trackers()).find((t) => t.id === trackerId);
      if (!tracker) return null;
      try {
        return await operation(tracker);
      } finally {
        await this.#delivery.refreshBadge();
      }
    };
    const result = (this.#chains.get(trackerId) ?? Promise.resolve()).then(run, run);
    this.#chains.set(
      trackerId,
      result.catch(() => {}),
    );
    return result;
  }
}
