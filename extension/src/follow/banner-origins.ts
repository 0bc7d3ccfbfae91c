import { isBmo } from '../common/bmo.js';
import { isLocalTracker, originPattern, type TrackerSettings } from '../common/trackers.js';

/**
 * Where the bug-page banner's script runs: the configured trackers' origins
 * the extension may reach (the local companion's always, others once
 * granted), each once; never bugzilla.mozilla.org, which marks new comments
 * itself. Never `<all_urls>`.
 */
export async function bannerOrigins(
  trackers: readonly TrackerSettings[],
  hasHostPermission: (originPattern: string) => Promise<boolean>,
): Promise<string[]> {
  const origins = new Set<string>();
  for (const tracker of trackers) {
    if (isBmo(tracker.url)) continue;
    const origin = originPattern(tracker.url);
    if (isLocalTracker(tracker.url) || (await hasHostPermission(origin))) origins.add(origin);
  }
  return [...origins];
}
