import type { Tracker } from '../common/trackers.js';
import type { PopupData } from './load.js';

/** What is kept of the popup's data between openings: everything but the key, which stays where keys live. */
export function forCache(data: PopupData): PopupData {
  return { ...data, tracker: { ...data.tracker, apiKey: '' } };
}

/**
 * The kept data, shown at once for this tracker; null when there is none or
 * it belongs to another URL (the tracker was edited since).
 */
export function cachedPopupData(cached: unknown, tracker: Tracker): PopupData | null {
  if (!cached || typeof cached !== 'object') return null;
  const data = cached as PopupData;
  if (data.tracker?.url !== tracker.url) return null;
  return { ...data, tracker };
}
