import { existsSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { CHROMIUM_DIST, EMPTY_PAGE } from './extension-figures.js';
import { type InboxBrowser, inboxScene } from './inbox-scene.js';
import { openAsToolbarPopup, openInTab, type PageMark } from './toolbar-popup.js';

export { CHANGED, FOLLOWED, LONG_LIST, TRACKERS } from './inbox-scene.js';

export interface InboxFigures {
  /** The build measured (its extension/dist/chromium). */
  dist: string;
  /** Requests each tracker received during one refresh of all of them (the first: it also learns how to talk to each). */
  requestsFirstRefresh: number[];
  /** The same for the next refresh, with nothing new. */
  requestsNextRefresh: number[];
  /** Inbox opened to its first paint, from what it kept (TRACKERS × CHANGED rows), ms. */
  inboxFirstPaint: number[];
  /** An empty extension page opened in a tab as the inbox is, to its first frame: the inbox's floor, ms. */
  emptyTabFirstFrame: number[];
  /** Inbox opened to its list as stored now on screen (TRACKERS × CHANGED rows read, computed, the screenful drawn), ms. */
  inboxListPaint: number[];
  /** The same with LONG_LIST rows stored (the whole list read and computed, the screenful drawn), ms. */
  inboxLongListPaint: number[];
  rowsShown: number;
  /** The popup's first paint from what it kept, LONG_LIST rows stored, beside an empty extension page's first frame, ms. */
  popupFirstPaint: number[];
  /** The popup opened to its list of every tracker's waiting bugs as stored now (LONG_LIST rows read and ordered), ms. */
  popupListPaint: number[];
  emptyPageFirstFrame: number[];
  /** storage.local and storage.sync in use after the refresh, as the browser counts them. */
  localBytes: number;
  syncBytes: number;
}

/**
 * Measures the inbox in headless Chromium, one browser per build in `dists`
 * (the first is this checkout's), on one data set; null when a build is
 * missing. The builds take turns, A B B A, sample after sample, so a machine
 * that gets busier weighs on each alike.
 */
export async function measureInbox(
  samples: number,
  dists: readonly string[] = [CHROMIUM_DIST],
): Promise<InboxFigures[] | null> {
  if (!dists.every((dist) => existsSync(`${dist}/manifest.json`))) return null;
  const scene = await inboxScene(dists);
  try {
    const figures: InboxFigures[] = scene.browsers.map((browser) => ({
      dist: browser.dist,
      requestsFirstRefresh: browser.requestsFirstRefresh,
      requestsNextRefresh: browser.requestsNextRefresh,
      localBytes: browser.localBytes,
      syncBytes: browser.syncBytes,
      inboxFirstPaint: [],
      emptyTabFirstFrame: [],
      inboxListPaint: [],
      inboxLongListPaint: [],
      rowsShown: 0,
      popupFirstPaint: [],
      popupListPaint: [],
      emptyPageFirstFrame: [],
    }));
    const inTurns = async (measure: (browser: InboxBrowser, figures: InboxFigures) => Promise<void>) => {
      for (let i = 0; i < samples; i++) {
        const order = i % 2 === 0 ? scene.browsers : [...scene.browsers].reverse();
        for (const browser of order) await measure(browser, figures[scene.browsers.indexOf(browser)] as InboxFigures);
      }
    };
    await inTurns(async (browser, figures) => {
      const [first, list] = await openInbox(browser);
      figures.inboxFirstPaint.push(first);
      figures.inboxListPaint.push(list);
      const [floor] = await openInTab(browser.context, `${browser.extension}/${EMPTY_PAGE}`, ['firstPaintMs']);
      figures.emptyTabFirstFrame.push(floor as number);
    });
    await scene.changeMore();
    await inTurns(async (browser, figures) => {
      figures.inboxLongListPaint.push((await openInbox(browser))[1]);
    });
    // The popup as the toolbar opens it (a tab where the browser cannot), against an empty page opened alike.
    const openers = await Promise.all(scene.browsers.map(popupOpener));
    await inTurns(async (browser, figures) => {
      const open = openers[scene.browsers.indexOf(browser)] as PopupOpen;
      const [first, list] = await open('src/popup/index.html', ['firstPaintMs', 'listPaintMs']);
      figures.popupFirstPaint.push(first as number);
      figures.popupListPaint.push(list as number);
      figures.emptyPageFirstFrame.push(...(await open(EMPTY_PAGE, ['firstPaintMs'])));
    });
    for (const [i, browser] of scene.browsers.entries()) {
      (figures[i] as InboxFigures).rowsShown = await rowsListed(browser.context, inboxUrl(browser));
    }
    return figures;
  } finally {
    await scene.close();
  }
}

const inboxUrl = (browser: InboxBrowser) => `${browser.extension}/src/inbox/index.html`;

/** The inbox's first paint and its list as stored painted; one and the same in a build without a kept paint. */
async function openInbox(browser: InboxBrowser): Promise<[number, number]> {
  if (!browser.keptPaint) {
    const [list] = await openInTab(browser.context, inboxUrl(browser), ['firstPaintMs']);
    return [list as number, list as number];
  }
  const [first, list] = await openInTab(browser.context, inboxUrl(browser), ['firstPaintMs', 'listPaintMs']);
  return [first as number, list as number];
}

type PopupOpen = (path: string, marks: readonly PageMark[]) => Promise<number[]>;

/** How this browser opens a page as the popup: the toolbar's where it can, else a tab. */
async function popupOpener(browser: InboxBrowser): Promise<PopupOpen> {
  const viaToolbar = (await openAsToolbarPopup(browser.page, 'src/popup/index.html', ['firstPaintMs'])) !== null;
  return async (path, marks) =>
    (viaToolbar ? await openAsToolbarPopup(browser.page, path, marks) : null) ??
    (await openInTab(browser.context, `${browser.extension}/${path}`, marks));
}

/** How many rows the inbox says it lists (its count), to check the long list is whole. */
async function rowsListed(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const count = page.getByTestId('inbox-count');
    await count.waitFor();
    return Number((await count.textContent())?.match(/^(\d+) waiting/)?.[1] ?? Number.NaN);
  } finally {
    await page.close();
  }
}
