import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumExecutable, closeWelcomeTab } from '@bz-companion/server/testing';
import { type BrowserContext, chromium, type Page, type Worker } from '@playwright/test';

export const CHROMIUM_DIST = fileURLToPath(new URL('../dist/chromium', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  worker(): Promise<Worker>;
  openExtensionPage(path: string): Promise<Page>;
  /** The toolbar badge, read from the service worker. */
  badge(): Promise<{ text: string; title: string; color: number[] }>;
  close(): Promise<void>;
}

/**
 * Chromium with the built extension loaded (the new headless mode loads
 * extensions). The install opens the options page as a welcome; unless the
 * test is about it, that tab is closed once it is there, so it cannot take
 * over a page the test opens meanwhile.
 */
export async function launchWithExtension({ keepWelcome = false } = {}): Promise<ExtensionBrowser> {
  if (!existsSync(`${CHROMIUM_DIST}/manifest.json`)) throw new Error(`build the extension first: ${CHROMIUM_DIST}`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const context = await chromium.launchPersistentContext('', {
    // Debian's Chromium here; CHROMIUM_PATH elsewhere; else Playwright's own browser.
    ...chromiumExecutable(),
    headless: true,
    args: [`--disable-extensions-except=${CHROMIUM_DIST}`, `--load-extension=${CHROMIUM_DIST}`],
  });
  const worker = async () => context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL((await worker()).url()).host;
  if (!keepWelcome) await closeWelcomeTab(context, extensionId);
  return {
    context,
    extensionId,
    worker,
    async openExtensionPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async badge() {
      // The worker may have been stopped while idle; fetch it again each time.
      return (await worker()).evaluate(async () => {
        const action = (
          globalThis as unknown as {
            chrome: {
              action: {
                getBadgeText(d: object): Promise<string>;
                getTitle(d: object): Promise<string>;
                getBadgeBackgroundColor(d: object): Promise<number[]>;
              };
            };
          }
        ).chrome.action;
        return {
          text: await action.getBadgeText({}),
          title: await action.getTitle({}),
          color: await action.getBadgeBackgroundColor({}),
        };
      });
    },
    close: () => context.close(),
  };
}
