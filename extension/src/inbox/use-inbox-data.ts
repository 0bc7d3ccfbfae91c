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

/**
 * Every tracker's kept refresh and triage, read again whenever storage
 * changes (a refresh, an action here or in another browser), and the time
 * the list is computed at.
 */
export function useInboxData(platform: Platform) {
  const [inboxes, setInboxes] = useState<TrackerInbox[] | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void readInboxes(platform).then((loaded) => {
        setInboxes(loaded);
        setNow(Date.now());
      });
    load();
    platform.onStorageChanged(() => {
      clearTimeout(pending);
      pending = setTimeout(load, 50);
    });
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, [platform]);
  return { inboxes, now, tick: () => setNow(Date.now()) };
}
