import { type TrackerInbox, trackerLabel } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { NewsStorage } from './news-storage.js';
import { TrackerStorage } from './storage.js';
import { TriageStorage } from './triage-storage.js';

/** Every tracker's kept refresh and triage: what the inbox, the popup and the badge list (no request to a tracker). */
export async function trackerInboxes(platform: Platform): Promise<TrackerInbox[]> {
  const settings = await new TrackerStorage(platform).trackerSettings();
  const news = new NewsStorage(platform);
  const triage = await new TriageStorage(platform).read(settings.map((tracker) => tracker.id));
  return Promise.all(
    settings.map(async (tracker) => ({
      id: tracker.id,
      url: tracker.url,
      label: trackerLabel(tracker),
      snapshot: await news.snapshot(tracker.id),
      triage: triage.get(tracker.id) ?? { done: {}, muted: {}, snoozed: {}, starred: {} },
    })),
  );
}
