import { clockNow } from '../common/clock.js';
import type { BannerNews } from '../common/news-state.js';
import type { Tracker } from '../common/trackers.js';
import type { NewsStorage } from '../storage/news-storage.js';
import { hasNews } from '../ui/describe-news.js';
import { fetchNews } from './fetch-news.js';
import { type PreviousVisit, previousVisit } from './previous-visit.js';
import type { TrackerAccessCache } from './tracker-access.js';

/** A page's previous visit is needed for a few seconds after it starts loading. */
const KEEP_CAPTURE_MS = 5 * 60 * 1000;

interface Capture {
  at: number;
  previous: Promise<PreviousVisit | null>;
}

/**
 * The bug page's banner. When a bug page starts loading (before its visit is
 * recorded) the previous visit is read and kept; the visit is recorded only
 * once that read is done, and the page's banner asks for the news since it.
 */
export class BugPageNews {
  readonly #access: TrackerAccessCache;
  readonly #news: NewsStorage;
  readonly #now: () => number;
  readonly #captures = new Map<string, Capture>();

  constructor(access: TrackerAccessCache, news: NewsStorage, now: () => number = clockNow) {
    this.#access = access;
    this.#news = news;
    this.#now = now;
  }

  /** A bug page started loading: read the previous visit now, before this one is recorded. */
  capture(tracker: Tracker, bug: string): Promise<PreviousVisit | null> {
    const now = this.#now();
    for (const [key, capture] of this.#captures) if (now - capture.at > KEEP_CAPTURE_MS) this.#captures.delete(key);
    const previous = this.#readPrevious(tracker, bug);
    this.#captures.set(`${tracker.id} ${bug}`, { at: now, previous });
    return previous;
  }

  /** Waits (at most `timeoutMs`) for the read started when the page began loading, if there was one. */
  async captured(tracker: Tracker, bug: string, timeoutMs: number): Promise<void> {
    const capture = this.#captures.get(`${tracker.id} ${bug}`);
    if (!capture) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([capture.previous, timeout]);
    clearTimeout(timer);
  }

  /**
   * What the banner says, or null: a first visit, nothing new, a tracker that
   * marks new comments itself, or one that could not be asked.
   */
  async bannerFor(tracker: Tracker, bug: string): Promise<BannerNews | null> {
    const previous = await (this.#captures.get(`${tracker.id} ${bug}`)?.previous ?? this.capture(tracker, bug));
    if (previous?.at == null) return null;
    const access = await this.#access.access(tracker);
    if (!access || (await this.#access.marksNewCommentsItself(tracker, access.client))) return null;
    const news = await fetchNews(access.client, bug, previous.at, access.me).catch(() => null);
    return hasNews(news) ? { news, since: previous.at, source: previous.source } : null;
  }

  async #readPrevious(tracker: Tracker, bug: string): Promise<PreviousVisit | null> {
    try {
      const access = await this.#access.access(tracker);
      if (!access || (await this.#access.marksNewCommentsItself(tracker, access.client))) return null;
      return await previousVisit(
        access.client,
        bug,
        await this.#news.visited(tracker.id),
        await this.#news.visitReadsCrash(tracker.id, tracker.url),
        () => this.#news.markVisitReadsCrash(tracker.id, tracker.url),
      );
    } catch {
      return null;
    }
  }
}
