import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Platform } from '../platform/platform.js';
import { InboxActions } from './inbox-actions.js';

/** The page's actions, redrawn when a held "Mark seen" changes; what is held is sent if the page goes away. */
export function useActions(platform: Platform): InboxActions {
  const [, rerender] = useState(0);
  const actions = useMemo(() => new InboxActions(platform, () => rerender((n) => n + 1)), [platform]);
  useEffect(() => {
    const flush = () => actions.flushSeen();
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [actions]);
  return actions;
}
