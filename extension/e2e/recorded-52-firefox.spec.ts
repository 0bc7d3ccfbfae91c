import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { type ExtensionDriver, firefoxDriver } from './extension-driver.js';
import { FirefoxSession } from './marionette.js';
import { type RecordedTracker, startRecorded52 } from './recorded-52-harness.js';
import * as story from './recorded-52-steps.js';

/** The story against the recorded Bugzilla 5.2 in headless firefox-esr: the steps Chromium takes (recorded-52-steps.ts). */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DIST = fileURLToPath(new URL('../dist/firefox', import.meta.url));

test.describe('the story against the recorded 5.2 in headless firefox-esr', () => {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);
  test.skip(process.env.BZ52_RECORD_FROM !== undefined, 'recorded in Chromium (recorded-52.spec.ts)');
  let tracker: RecordedTracker | undefined;
  let firefox: FirefoxSession | undefined;
  let d: ExtensionDriver;
  test.beforeAll(async () => {
    tracker = await startRecorded52();
    firefox = await FirefoxSession.start(FIREFOX, DIST);
    d = firefoxDriver(firefox);
    await d.open('src/inbox/index.html');
    await story.seedRecorded(d, tracker);
  });
  test.afterAll(async () => {
    firefox?.close();
    await tracker?.server.stop();
  });

  test('on the recorded 5.2, the login given: the requests of you first, then a new bug assigned to you', () =>
    story.requestsFirstThenTheNewBug(d, tracker as RecordedTracker));
});
