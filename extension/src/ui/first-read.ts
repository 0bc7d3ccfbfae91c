import type { TrackerInbox } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { keptInboxes } from '../storage/kept-inboxes.js';

/**
 * What the page lists, as stored; where storage needs migrating first, the
 * validated read, loaded only then (it brings the layout's schemas).
 */
export async function readInboxes(platform: Platform): Promise<TrackerInbox[]> {
  const kept = await keptInboxes(platform);
  if (kept) return kept;
  const { trackerInboxes } = await import('../storage/tracker-inboxes.js');
  return trackerInboxes(platform);
}

/** What a page read before its first render, and whether storage changed since (then it is read again). */
export interface FirstRead {
  inboxes: TrackerInbox[];
  changedSince: () => boolean;
}

export async function firstRead(platform: Platform): Promise<FirstRead> {
  let changed = false;
  platform.onStorageChanged(() => {
    changed = true;
  });
  return { inboxes: await readInboxes(platform), changedSince: () => changed };
}
