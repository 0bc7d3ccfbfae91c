import { useEffect } from 'preact/hooks';
import { type InboxKey, inboxKey } from './keys.js';

/** The page's keys, to the handlers given (registered again each render, so they see the current rows). */
export function useInboxKeys(enabled: boolean, handle: (key: InboxKey, shift: boolean) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const key = inboxKey(event);
      if (key === null) return;
      event.preventDefault();
      handle(key, event.shiftKey);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });
}
