/** Where public/popup-first-paint.js finds the HTML to paint before the modules load (synchronous storage). */
const KEY = 'bz-companion:popup-paint';

/** Rows past what the popup's 600 px can show are not kept: the first paint lays out a screenful, not 200 bugs. */
const KEPT_ROWS = 15;

/**
 * Keeps what the popup shows now for the next opening's first paint. The
 * HTML is Preact's own rendering (text escaped), of this extension's page.
 */
export function keepPaint(app: HTMLElement): void {
  const screenful = app.cloneNode(true) as HTMLElement;
  for (const list of screenful.querySelectorAll('ol.rows')) {
    while (list.children.length > KEPT_ROWS) list.lastElementChild?.remove();
  }
  try {
    localStorage.setItem(KEY, screenful.innerHTML);
  } catch {
    // Storage full or refused: the next opening paints from storage.local instead.
  }
}

/** After the last tracker is removed there is nothing to show again. */
export function forgetPaint(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {}
}
