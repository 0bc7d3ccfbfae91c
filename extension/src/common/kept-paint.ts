/** Where public/kept-first-paint.js finds each page's HTML to paint before its app loads (synchronous storage). */
export const KEPT_PAINT = { popup: 'bz-companion:popup-paint', inbox: 'bz-companion:inbox-paint' } as const;

/** Rows past what a page's first screen can show are not kept: the first paint lays out a screenful, not 200 bugs. */
const KEPT_ROWS = 30;

/**
 * Keeps what a page shows now for its next opening's first paint. The HTML
 * is Preact's own rendering (text escaped), of this extension's page.
 */
export function keepPaint(key: string, app: HTMLElement): void {
  const screenful = app.cloneNode(true) as HTMLElement;
  for (const list of screenful.querySelectorAll('ol')) {
    while (list.children.length > KEPT_ROWS) list.lastElementChild?.remove();
  }
  try {
    localStorage.setItem(key, screenful.innerHTML);
  } catch {
    // Storage full or refused: the next opening paints once its app has read storage.
  }
}

/** After the last tracker is removed there is nothing to show again. */
export function forgetPaint(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {}
}
