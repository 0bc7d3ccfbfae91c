import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The page marks the bench reads (`firstPaintMs`, `loadedMs`, `listPaintMs` on `<html>`), set by a
 * script the bench adds to its copy of a build: the extension that ships marks nothing. It watches
 * the page as a user would see it and marks, once each, the frame in which a state first shows, in
 * the page's own clock (ms from its navigation):
 * - firstPaintMs: something to read, be it kept from last time, cached or just loaded (the popup's
 *   "Loading…" is not);
 * - listPaintMs: the inbox's list as stored now (its `main` no longer busy, as the kept copy is); in the
 *   popup, the waiting bugs of every tracker as stored now (their section in a `main` no longer busy);
 * - loadedMs: the popup with this opening's data (its `main` no longer busy).
 * Marked as the frame that paints the change begins, as the pages marked it themselves before.
 */
export function watchPageMarks(): void {
  const marks = document.documentElement.dataset;
  const inbox = location.pathname.endsWith('/inbox/index.html');
  const showing: Record<string, () => boolean> = {
    firstPaintMs: () =>
      inbox
        ? (document.getElementById('app')?.childElementCount ?? 0) > 0
        : document.querySelector('#app main:is([data-testid], :has(header, section))') !== null,
    ...(inbox
      ? { listPaintMs: () => document.querySelector('main.inbox:not([aria-busy])') !== null }
      : {
          loadedMs: () => document.querySelector('#app main:not([aria-busy])') !== null,
          listPaintMs: () => document.querySelector('#app main:not([aria-busy]) [data-testid="all-trackers"]') !== null,
        }),
  };
  const look = () => {
    for (const [mark, shown] of Object.entries(showing)) {
      if (marks[mark] !== undefined || !shown()) continue;
      delete showing[mark];
      requestAnimationFrame(() => {
        marks[mark] ??= String(Math.round(performance.now()));
      });
    }
    if (Object.keys(showing).length === 0) observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
}

export const PAGE_MARKS_SCRIPT = 'bench-page-marks.js';

/** The pages the bench times: the marks' script goes before their own scripts, so it sees their first paint. */
const TIMED_PAGES = ['src/popup/index.html', 'src/inbox/index.html'];

/** Adds the marks' script to the pages of a copy of a build (`dir`). */
export function addPageMarks(dir: string): void {
  writeFileSync(join(dir, PAGE_MARKS_SCRIPT), `(${watchPageMarks.toString()})();\n`);
  for (const page of TIMED_PAGES) {
    const path = join(dir, page);
    const html = readFileSync(path, 'utf8');
    const firstScript = html.indexOf('<script');
    if (firstScript < 0) throw new Error(`bench: ${page} of ${dir} has no script to time`);
    writeFileSync(
      path,
      `${html.slice(0, firstScript)}<script src="/${PAGE_MARKS_SCRIPT}"></script>${html.slice(firstScript)}`,
    );
  }
}
