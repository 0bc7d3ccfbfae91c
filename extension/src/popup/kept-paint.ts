/** Where public/popup-first-paint.js finds the HTML to paint before the modules load (synchronous storage). */
const KEY = 'bz-companion:popup-paint';

/**
 * Keeps what the popup shows now for the next opening's first paint. The
 * HTML is Preact's own rendering (text escaped), of this extension's page.
 */
export function keepPaint(app: HTMLElement): void {
  try {
    localStorage.setItem(KEY, app.innerHTML);
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
