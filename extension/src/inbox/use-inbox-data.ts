import { useEffect, useState } from 'preact/hooks';
import type { TrackerInbox } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { keptInboxes } from '../storage/kept-inboxes.js';

/** How often "now" moves on its own: relative times and snoozes coming back. */
const TICK_MS = 30_000;

/**
 * What the page lists, as stored; where storage needs migrating first, the
 * validated read, loaded only then (it brings the layout's schemas).
 */
async function readInboxes(platform: Platform): Promise<TrackerInbox[]> {
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

/**
 * Every tracker's kept refresh and triage, read again whenever storage
 * changes (a refresh, an action here or in another browser), and the time
 * the list is computed at.
 */
export function useInboxData(platform: Platform, first: FirstRead | null = null) {
  const [inboxes, setInboxes] = useState(first?.inboxes ?? null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void readInboxes(platform).then((loaded) => {
        setInboxes(loaded);
        setNow(Date.now());
      });
    if (!first || first.changedSince()) load();
    platform.onStorageChanged(() => {
      clearTimeout(pending);
      pending = setTimeout(load, 50);
    });
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, [platform, first]);
  return { inboxes, now, tick: () => setNow(Date.now()) };
}
