import type { BrowserContext, Page } from '@playwright/test';

/**
 * What the bench's script marks on a page's `<html>` (page-marks.ts): ms from its own navigation start
 * (`listPaintMs`: the inbox's list, or the popup's waiting bugs, as stored now on screen, after the first
 * paint of what it kept).
 */
export type PageMark = 'firstPaintMs' | 'loadedMs' | 'listPaintMs';

/** How the bench opens a page as the popup: `toolbar` is the real popup, `tab` the same page in a tab. */
export type PopupOpener = 'toolbar' | 'tab';

type ChromeForPopups = {
  action: { setPopup(details: { popup: string }): Promise<void>; openPopup(): Promise<void> };
  extension: { getViews(filter: { type: 'popup' }): Window[] };
};

/**
 * Opens `path` (a page of the extension) as its toolbar popup, as a click on
 * the extension's button does (`action.openPopup`), reads `marks` one after
 * the other, then closes it and gives the button its popup back. Driven from
 * `extensionPage`, a page of the extension in a tab, which can reach the
 * popup's window. Null when the browser cannot open the popup this way
 * (`action.openPopup` without a user gesture needs Chrome 127 or later).
 */
export async function openAsToolbarPopup(
  extensionPage: Page,
  path: string,
  marks: readonly PageMark[],
): Promise<number[] | null> {
  return extensionPage.evaluate(
    async ({ path, marks }) => {
      const chrome = (globalThis as unknown as { chrome: ChromeForPopups }).chrome;
      await chrome.action.setPopup({ popup: path });
      try {
        await chrome.action.openPopup();
      } catch {
        return null;
      } finally {
        await chrome.action.setPopup({ popup: 'src/popup/index.html' });
      }
      const values: number[] = [];
      const deadline = Date.now() + 10_000;
      try {
        for (const mark of marks) {
          for (;;) {
            const value = chrome.extension.getViews({ type: 'popup' })[0]?.document.documentElement.dataset[mark];
            if (value !== undefined) {
              values.push(Number(value));
              break;
            }
            if (Date.now() > deadline) throw new Error(`the popup ${path} never set ${mark}`);
            await new Promise((resolve) => setTimeout(resolve, 2));
          }
        }
      } finally {
        for (const view of chrome.extension.getViews({ type: 'popup' })) view.close();
      }
      return values;
    },
    { path, marks },
  );
}

/** The same page in a new tab of `context`, for a browser that cannot open the toolbar popup. */
export async function openInTab(context: BrowserContext, url: string, marks: readonly PageMark[]): Promise<number[]> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const values: number[] = [];
    for (const mark of marks) {
      const handle = await page.waitForFunction((key) => document.documentElement.dataset[key], mark, {
        timeout: 10_000,
      });
      values.push(Number(await handle.jsonValue()));
    }
    return values;
  } finally {
    await page.close();
  }
}
