import { useEffect, useState } from 'preact/hooks';
import type { Platform } from '../platform/platform.js';
import { type FirstRead, readInboxes } from './first-read.js';

/** How often "now" moves on its own: relative times and snoozes coming back. */
const TICK_MS = 30_000;

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
