import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Platform } from '../platform/platform.js';

/** A tracker looked at less than this long ago is not asked again when a page opens. */
const LOOK_ON_OPEN_MS = 60_000;

/**
 * A page that shows the trackers' news looks for changes as it opens (each tracker at most once a
 * minute), and again on request (Refresh, `r`); `checking` while the background asks. What it
 * finds arrives through storage, as every change does.
 */
export function useFreshness(platform: Platform) {
  const [checking, setChecking] = useState(false);
  const look = useCallback(
    async (maxAgeMs: number) => {
      setChecking(true);
      try {
        await platform.sendMessage({ type: 'refresh-news', maxAgeMs });
      } catch {
        // No background to ask (it is starting): the next opening or the alarm looks.
      } finally {
        setChecking(false);
      }
    },
    [platform],
  );
  useEffect(() => void look(LOOK_ON_OPEN_MS), [look]);
  return { checking, onRefresh: () => void look(0) };
}
