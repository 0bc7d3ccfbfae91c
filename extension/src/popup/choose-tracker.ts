import { trackerOwningPage } from '../common/tracker-for-page.js';
import type { Tracker } from '../common/trackers.js';

/** The popup opens on the active tab's tracker, else the one used most recently, else the first. */
export function chooseTracker(
  trackers: readonly Tracker[],
  activeTabUrl: string | null,
  lastUsed: string | null,
): Tracker | null {
  const ofTab = activeTabUrl ? trackerOwningPage(activeTabUrl, trackers) : null;
  return ofTab ?? trackers.find((t) => t.id === lastUsed) ?? trackers[0] ?? null;
}

/**
 * What the popup opens on: All trackers (every tracker's bugs, what needs the user first), unless
 * the active tab is a page of one tracker (the bug in front of the user), or there is one tracker.
 * A tracker chosen in the switcher holds for that opening. `tracker` is loaded also under All
 * trackers, for when it is chosen: the active tab's, else the one used most recently.
 */
export function choosePopupView(
  trackers: readonly Tracker[],
  activeTabUrl: string | null,
  lastUsed: string | null,
): { all: boolean; tracker: Tracker | null } {
  const ofTab = activeTabUrl ? trackerOwningPage(activeTabUrl, trackers) : null;
  // All trackers is in the switcher only with two trackers or more.
  const all = !ofTab && trackers.length > 1;
  return { all, tracker: ofTab ?? chooseTracker(trackers, null, lastUsed) };
}
