import { basePath, bugOnPage } from './bug-page.js';
import type { Tracker } from './trackers.js';

/**
 * The tracker a page belongs to: of those whose base URL the page lies
 * under, the one with the longest base (so `https://host/` and
 * `https://host/bugzilla/` can coexist).
 */
export function trackerOwningPage<T extends { url: string }>(pageUrl: string, trackers: readonly T[]): T | null {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  let owner: T | null = null;
  let ownerLength = -1;
  for (const tracker of trackers) {
    const base = new URL(tracker.url);
    const path = basePath(base);
    if (base.origin === page.origin && page.pathname.startsWith(path) && path.length > ownerLength) {
      owner = tracker;
      ownerLength = path.length;
    }
  }
  return owner;
}

/**
 * The visit a page is: a bug page of the tracker that owns it, when that
 * tracker records visits. A tracker with recording off still owns its pages,
 * so they never count for another.
 */
export function visitOnPage(pageUrl: string, trackers: readonly Tracker[]): { tracker: Tracker; bug: string } | null {
  const owner = trackerOwningPage(pageUrl, trackers);
  if (!owner?.recordVisits) return null;
  const bug = bugOnPage(pageUrl, owner.url);
  return bug === null ? null : { tracker: owner, bug };
}
