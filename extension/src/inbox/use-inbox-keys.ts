import { useLayoutEffect, useRef } from 'preact/hooks';
import { type InboxKey, inboxKey } from './keys.js';

/**
 * The page's keys, to the handler of the latest render. The listener is added once and reads the
 * handler from a ref set while rendering: an effect re-added after each render runs only after the
 * paint, so a key pressed just after a render (j then s) would reach the handler of the render
 * before and act on the row that was current then. Added as the list is put in the page (a layout
 * effect): the page's first render is already the list, and a key pressed before its first paint
 * must not be lost.
 */
export function useInboxKeys(enabled: boolean, handle: (key: InboxKey, shift: boolean) => void) {
  const latest = useRef({ enabled, handle });
  latest.current = { enabled, handle };
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!latest.current.enabled) return;
      const key = inboxKey(event);
      if (key === null) return;
      event.preventDefault();
      latest.current.handle(key, event.shiftKey);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
