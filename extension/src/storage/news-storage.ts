import {
  DEFAULT_NEWS_SETTINGS,
  MAX_REMEMBERED_VISITS,
  type NewsSettings,
  type NewsSnapshot,
} from '../common/news-state.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL, SYNC } from './keys.js';
import { newsSettingsSchema } from './layout.js';
import { readSnapshot, storedSnapshot } from './news-value.js';

/**
 * What "what changed since your visit" keeps: the visits this browser
 * recorded (per tracker and bug), the last refresh of each tracker's recent
 * visits, what the popup showed last, and the feature's settings. Written
 * as whole values: the writers are serialised by the background.
 */
export class NewsStorage {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async settings(): Promise<NewsSettings> {
    const stored = (await this.#platform.storage('sync').get([SYNC.newsSettings]))[SYNC.newsSettings];
    const parsed = newsSettingsSchema.safeParse(stored ?? DEFAULT_NEWS_SETTINGS);
    return parsed.success ? parsed.data : DEFAULT_NEWS_SETTINGS;
  }

  async saveSettings(settings: NewsSettings): Promise<void> {
    await this.#platform.storage('sync').set({ [SYNC.newsSettings]: newsSettingsSchema.parse(settings) });
  }

  /** When this browser last recorded a visit of each bug (by the bug as the page named it). */
  async visited(trackerId: string): Promise<Record<string, number>> {
    const stored = (await this.#platform.storage('local').get([LOCAL.visited(trackerId)]))[LOCAL.visited(trackerId)];
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  }

  /** Remembers visits, keeping the most recent ones only. */
  async recordVisited(trackerId: string, bugs: readonly string[], at: number): Promise<void> {
    const visited = { ...(await this.visited(trackerId)) };
    for (const bug of bugs) {
      delete visited[bug];
      visited[bug] = at;
    }
    const kept = Object.entries(visited)
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_REMEMBERED_VISITS);
    await this.#platform.storage('local').set({ [LOCAL.visited(trackerId)]: Object.fromEntries(kept) });
  }

  async snapshot(trackerId: string): Promise<NewsSnapshot | null> {
    return readSnapshot((await this.#platform.storage('local').get([LOCAL.news(trackerId)]))[LOCAL.news(trackerId)]);
  }

  async saveSnapshot(trackerId: string, snapshot: NewsSnapshot): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.news(trackerId)]: storedSnapshot(snapshot) });
  }

  /** Whether this tracker (at this URL) is known to crash when asked for a visit. */
  async visitReadsCrash(trackerId: string, url: string): Promise<boolean> {
    const key = LOCAL.visitReadsCrash(trackerId);
    return (await this.#platform.storage('local').get([key]))[key] === url;
  }

  async markVisitReadsCrash(trackerId: string, url: string): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.visitReadsCrash(trackerId)]: url });
  }

  /** Per bug id, the time of the latest change already told in a desktop notification. */
  async notified(trackerId: string): Promise<Record<string, number>> {
    const key = LOCAL.notified(trackerId);
    const stored = (await this.#platform.storage('local').get([key]))[key];
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  }

  async saveNotified(trackerId: string, notified: Record<string, number>): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.notified(trackerId)]: notified });
  }

  /** When desktop notifications were turned on for this tracker (nothing older is told), or null while off. */
  async notifySince(trackerId: string): Promise<number | null> {
    const key = LOCAL.notifySince(trackerId);
    const value = (await this.#platform.storage('local').get([key]))[key];
    return typeof value === 'number' ? value : null;
  }

  async setNotifySince(trackerId: string, at: number | null): Promise<number> {
    const key = LOCAL.notifySince(trackerId);
    if (at === null) await this.#platform.storage('local').remove([key]);
    else await this.#platform.storage('local').set({ [key]: at });
    return at ?? 0;
  }

  async popupCache<T>(trackerId: string): Promise<T | null> {
    const key = LOCAL.popupCache(trackerId);
    return ((await this.#platform.storage('local').get([key]))[key] as T | undefined) ?? null;
  }

  async savePopupCache(trackerId: string, data: unknown): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.popupCache(trackerId)]: data });
  }
}
