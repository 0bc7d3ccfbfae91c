import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { chromiumDriver, type ExtensionDriver } from './extension-driver.js';
import { startTriageTrackers, type TriageTracker } from './needs-you-harness.js';
import * as story from './needs-you-steps.js';

/**
 * The triage story in Chromium: what needs the user first on four trackers (the test double's
 * default, bugzilla-5.2, bugzilla-5.1 and bmo profiles), acted on from the inbox, each action
 * read back from the tracker's journal. The steps are shared with firefox-esr; here besides:
 * the screenshots (1280 and 360 px, light and dark) and the accessibility audits.
 */
const DOCS = join(SCREENSHOTS, '..', '..', 'docs');
test.describe.configure({ mode: 'serial' });

let browser: ExtensionBrowser;
let trackers: TriageTracker[];
let page: Page;
let d: ExtensionDriver;
const on = (id: string) => trackers.find((t) => t.id === id) as TriageTracker;

test.beforeAll(async () => {
  browser = await launchWithExtension();
  trackers = await startTriageTrackers();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  d = chromiumDriver(browser, page);
  await d.open('src/inbox/index.html');
  await story.seedTriage(d, trackers);
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all((trackers ?? []).map((t) => t.server.stop()));
});

/** The page audited and photographed at a width, in a scheme (axe takes some 25 s a page here: one test each). */
async function lookAt(name: string, width: number, height: number, scheme: 'light' | 'dark'): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  try {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({ path: join(DOCS, `${name}-${width}-${scheme}.png`) });
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

test('the requests of you first, oldest first, then a new bug assigned to you never opened, then the rest', () =>
  story.requestsFirstThenNewBugs(d, trackers));
for (const [width, height] of [
  [1280, 900],
  [360, 740],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the inbox at ${width} px, ${scheme}: no audit violation, photographed`, () =>
      lookAt('needs-you', width, height, scheme));
  }
}
test('search with prefixes; the count follows it', () => story.searchWithPrefixes(d));
test('requests by you, with their age', async () => {
  await story.requestsByYou(d);
});
test('j moves the keyboard focus to the row', () => story.focusFollowsJ(d));
test('answer a needinfo: comment and flag cleared on the tracker', () => story.answerTheNeedinfo(d, on('d')));
test('grant a review on a patch (bmo)', () => story.grantTheReview(d, on('bmo')));
test('take a bug, and undo (5.1)', () => story.takeAndUndo(d, on('u51')));
test('resolve along the workflow, and undo (5.2)', () => story.resolveAndUndo(d, on('u52')));
test('a mid-air collision is shown, not overwritten', () => story.collisionShownNotOverwritten(d, on('d')));
test('the 5.2 login is checked in the options', () => story.loginCheckedInOptions(d, on('u52')));
test('a revoked key is said, with Fix', async () => {
  await d.open('src/inbox/index.html');
  await story.revokedKeySaysSo(d, on('bmo'));
});
test('a stopped tracker shows ! and a note', () => story.stoppedTrackerSaysSo(d, on('u51')));
