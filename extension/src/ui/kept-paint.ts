/** Where vite/kept-first-paint.js finds each page's HTML to paint before its app loads (synchronous storage). */
export const KEPT_PAINT = { popup: 'bz-companion:popup-paint', inbox: 'bz-companion:inbox-paint' } as const;

/** About what the popup's 600 px show of one list. */
export const POPUP_SCREENFUL = 12;

/**
 * Keeps what a page shows now for its next opening's first paint. The HTML
 * is Preact's own rendering (text escaped), of this extension's page. Rows
 * past `rows` in a list are left out: the first paint lays out a screenful
 * (`POPUP_SCREENFUL` in the popup), not 200 bugs.
 */
export function keepPaint(key: string, app: HTMLElement, rows = Number.POSITIVE_INFINITY): void {
  const screenful = app.cloneNode(true) as HTMLElement;
  for (const list of screenful.querySelectorAll('ol')) {
    while (list.children.length > rows) list.lastElementChild?.remove();
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
