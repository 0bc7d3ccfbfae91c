import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';
import { chromiumDriver, type ExtensionDriver } from './extension-driver.js';
import {
  eachProfileSaysWhatItCannot,
  FOLLOW_SEEDS,
  FOLLOWED_AT_START,
  twentyFiveVisitsAllListed,
} from './follow-steps.js';
import { type SeededTracker, startTrackers } from './inbox-harness.js';
import { seedStorage } from './inbox-page.js';

/**
 * Bugs followed because the user opened them, in Chromium (the same steps
 * run in firefox-esr): 25 of them all listed; upstream 5.2 and 5.1 and BMO,
 * each saying once what it cannot give the inbox.
 */
let browser: ExtensionBrowser;
let trackers: SeededTracker[];
let page: Page;
let d: ExtensionDriver;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  trackers = await startTrackers(FOLLOW_SEEDS);
  browser = await launchWithExtension();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1200, height: 760 });
  d = chromiumDriver(browser, page);
  await d.open('src/inbox/index.html');
  await seedStorage(d, trackers, FOLLOWED_AT_START);
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all((trackers ?? []).map((t) => t.server.stop()));
});

test('25 bugs opened and changed: all 25 listed, not the tracker’s 20 most recent', () =>
  twentyFiveVisitsAllListed(d, trackers[0] as SeededTracker));

test('upstream 5.2 and 5.1, and BMO: a bug not yours followed; what each cannot give said once, in words; no failures', async () => {
  await eachProfileSaysWhatItCannot(d, trackers);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
});
