import type { BannerNews, NewsSnapshot } from '../common/news-state.js';
import { trackerOwningPage, visitOnPage } from '../common/tracker-for-page.js';
import type { Tracker } from '../common/trackers.js';
import { BugPageNews } from '../news/bug-page-news.js';
import { isQuiet, notificationsFor } from '../news/notifications.js';
import { refreshRecentNews } from '../news/recent-news.js';
import { TrackerAccessCache } from '../news/tracker-access.js';
import type { Platform } from '../platform/platform.js';
import { NewsStorage } from '../storage/news-storage.js';
import { TrackerStorage } from '../storage/storage.js';
import type { Delivery } from './delivery.js';

/** A tracker slow to give the previous visit does not hold the visit back longer than this (the banner then shows nothing). */
const MAX_WAIT_FOR_PREVIOUS_MS = 3000;
/** The banner waits this long at most for the page's own visit to be sent before it reads the bug's news. */
const MAX_WAIT_FOR_VISIT_MS = 5000;

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * "What changed since your visit", in the background: the bug page's banner,
 * the popup's recent visits with their news, and the badge's count. Each
 * tracker's news is written by one chain of operations at a time.
 */
export class WhatChanged {
  readonly #delivery: Delivery;
  readonly #storage: TrackerStorage;
  readonly #news: NewsStorage;
  readonly #access: TrackerAccessCache;
  readonly #page: BugPageNews;
  readonly #now: () => number;
  readonly #platform: Platform;
  readonly #chains = new Map<string, Promise<unknown>>();
  /** Per bug page loading: settles once its visit was sent (or given up on), so the banner's reads come after it. */
  readonly #visitSent = new Map<string, { promise: Promise<void>; resolve: () => void }>();

  constructor(platform: Platform, delivery: Delivery, now: () => number = Date.now) {
    this.#delivery = delivery;
    this.#platform = platform;
    platform.onNotificationClicked((id) => void this.openNotified(id).catch(() => {}));
    this.#storage = new TrackerStorage(platform);
    this.#news = new NewsStorage(platform);
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
    await this.#page.captured(tracker, bug, MAX_WAIT_FOR_PREVIOUS_MS);
    await this.#news.recordVisited(tracker.id, [bug], at);
    try {
      await this.#delivery.flush(tracker.id);
    } finally {
      const key = `${tracker.id} ${bug}`;
      this.#visitSent.get(key)?.resolve();
      this.#visitSent.delete(key);
    }
    await this.#serialized(tracker.id, async () => {
      const kept = await this.#news.snapshot(tracker.id);
      if (kept) await this.#news.saveSnapshot(tracker.id, { ...kept, at: 0 });
      return kept;
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

  /** Every tracker's recent visits and their news (the alarm). */
  async refreshAll(): Promise<void> {
    const trackers = await this.#storage.trackers();
    await Promise.all(trackers.map((tracker) => this.refresh(tracker.id).catch(() => null)));
  }

  /**
   * One tracker's recent visits and their news, stored for the popup and the
   * badge; a snapshot younger than `maxAgeMs` is kept as it is (a popup
   * opened again at once asks nothing of the tracker).
   */
  refresh(trackerId: string, maxAgeMs = 0): Promise<NewsSnapshot | null> {
    return this.#serialized(trackerId, async (tracker) => {
      const kept = await this.#news.snapshot(tracker.id);
      if (kept && this.#now() - kept.at < maxAgeMs) return kept;
      const access = await this.#access.access(tracker);
      if (!access) return this.#news.snapshot(tracker.id);
      const visited = await this.#news.visited(tracker.id);
      const snapshot = await refreshRecentNews(access, visited, kept, this.#now(), tracker.followInvolved === true);
      await this.#news.saveSnapshot(tracker.id, snapshot);
      await this.#notify(tracker, snapshot);
      return snapshot;
    });
  }

  /** "Mark all as seen": the changed bugs are recorded as visited now, in one request where the tracker allows. */
  markSeen(trackerId: string, ids: readonly number[]): Promise<NewsSnapshot | null> {
    return this.#serialized(trackerId, async (tracker) => {
      const bugs = ids.map(String);
      const now = this.#now();
      await this.#news.recordVisited(tracker.id, bugs, now);
      const state = await this.#delivery.recordVisits(tracker.id, bugs);
      const sent = state.queue.every((visit) => !bugs.includes(visit.bug));
      const snapshot = await this.#news.snapshot(tracker.id);
      if (!snapshot || !sent) return snapshot;
      const seen = new Set(ids);
      const next = {
        ...snapshot,
        bugs: snapshot.bugs.map((bug) => (seen.has(bug.id) ? { ...bug, visitedAt: now, news: null } : bug)),
      };
      await this.#news.saveSnapshot(tracker.id, next);
      return next;
    });
  }

  /**
   * A desktop notification per bug others changed since your visit, each
   * change told once, where the tracker has them turned on and not in quiet
   * hours (what happens then is told after them, if still new).
   */
  async #notify(tracker: Tracker, snapshot: NewsSnapshot): Promise<void> {
    if (!tracker.notify) return;
    if (isQuiet(new Date(this.#now()), (await this.#news.settings()).quietHours)) return;
    const told = notificationsFor(tracker.url, snapshot, await this.#news.notified(tracker.id));
    for (const notification of told.notifications) {
      await this.#platform.showNotification(notification).catch(() => {});
    }
    await this.#news.saveNotified(tracker.id, told.notified);
  }

  /** A notification was clicked: its id is the bug page to open, when it is a page of a tracker in the list. */
  async openNotified(id: string): Promise<void> {
    await this.#platform.clearNotification(id).catch(() => {});
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
