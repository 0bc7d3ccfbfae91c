import { trackerLabel } from '../common/inbox-rows.js';
import { itemBytes, SYNC_QUOTA_BYTES } from '../common/sync-quota.js';
import { parseTriage } from '../common/triage.js';
import type { Platform } from '../platform/platform.js';
import { SYNC } from './keys.js';
import { TrackerStorage } from './storage.js';
import { TriageStorage } from './triage-storage.js';

export interface TrackerSyncUsage {
  id: string;
  label: string;
  /** The bytes its triage takes in storage.sync. */
  bytes: number;
  done: number;
  muted: number;
  snoozed: number;
  starred: number;
  /** Triage entries dropped to fit the quota, ever (counted on this device). */
  dropped: number;
}

/** What storage.sync holds of the extension, against the browser's quota (shown in the options). */
export interface SyncUsage {
  bytes: number;
  quota: number;
  trackers: TrackerSyncUsage[];
}

export async function syncUsage(platform: Platform): Promise<SyncUsage> {
  const settings = await new TrackerStorage(platform).trackerSettings();
  const synced = await platform.storage('sync').get(null);
  const triage = new TriageStorage(platform);
  let bytes = 0;
  for (const [key, value] of Object.entries(synced)) bytes += itemBytes(key, value);
  const trackers = await Promise.all(
    settings.map(async (tracker) => {
      const key = SYNC.triage(tracker.id);
      const marks = parseTriage(synced[key]);
      return {
        id: tracker.id,
        label: trackerLabel(tracker),
        bytes: synced[key] === undefined ? 0 : itemBytes(key, synced[key]),
        done: Object.keys(marks.done).length,
        muted: Object.keys(marks.muted).length,
        snoozed: Object.keys(marks.snoozed).length,
        starred: Object.keys(marks.starred).length,
        dropped: await triage.dropped(tracker.id),
      };
    }),
  );
  return { bytes, quota: SYNC_QUOTA_BYTES, trackers };
}
