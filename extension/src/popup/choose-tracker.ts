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
