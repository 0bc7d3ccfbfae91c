import type { NewsSnapshot } from '../common/news-state.js';

/**
 * A tracker's kept refresh as storage.local holds it: one JSON string. The
 * browser hands a structured value over node by node; a refresh of 400
 * changed bugs (160 kB) came to a page some five times slower that way than
 * as a string the page then parses (Chromium, `npm run bench:inbox`), and
 * the inbox reads every tracker's before its list paints.
 */
export const storedSnapshot = (snapshot: NewsSnapshot): string => JSON.stringify(snapshot);

/** A kept refresh as read: the string this version writes, or the object an earlier version wrote. */
export function readSnapshot(stored: unknown): NewsSnapshot | null {
  if (typeof stored !== 'string') return stored && typeof stored === 'object' ? (stored as NewsSnapshot) : null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === 'object' ? (parsed as NewsSnapshot) : null;
  } catch {
    return null;
  }
}
