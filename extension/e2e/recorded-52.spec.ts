import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { chromiumDriver, type ExtensionDriver } from './extension-driver.js';
import { type RecordedTracker, startRecorded52 } from './recorded-52-harness.js';
import * as story from './recorded-52-steps.js';

/** The triage story in Chromium against what a real Bugzilla 5.2 answered (replayed; recorded with BZ52_RECORD_FROM). */
const DOCS = join(SCREENSHOTS, '..', '..', 'docs');
test.describe.configure({ mode: 'serial' });

let browser: ExtensionBrowser;
let tracker: RecordedTracker;
let page: Page;
let d: ExtensionDriver;

test.beforeAll(async () => {
  browser = await launchWithExtension();
  tracker = await startRecorded52();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  d = chromiumDriver(browser, page);
  await d.open('src/inbox/index.html');
  await story.seedRecorded(d, tracker);
});
test.afterAll(async () => {
  await browser?.close();
  await tracker?.server.stop();
});

test('on the recorded 5.2, the login given: the requests of you first, then a new bug assigned to you', async () => {
  await story.requestsFirstThenTheNewBug(d, tracker);
  await page.screenshot({ path: join(DOCS, 'inbox-recorded-5.2-1280-light.png') });
  // Recording: no exchange refused for holding a credential (a replay records nothing).
  expect(tracker.server.recordings().refused).toEqual([]);
});
