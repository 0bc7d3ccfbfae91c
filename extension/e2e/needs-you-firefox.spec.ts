import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { type ExtensionDriver, firefoxDriver } from './extension-driver.js';
import { FirefoxSession } from './marionette.js';
import { startTriageTrackers, type TriageTracker } from './needs-you-harness.js';
import * as story from './needs-you-steps.js';

/**
 * The triage story in headless firefox-esr, driven through Marionette: the same steps as in
 * Chromium (needs-you-steps.ts), on the same four trackers (the test double's default,
 * bugzilla-5.2, bugzilla-5.1 and bmo profiles).
 */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DIST = fileURLToPath(new URL('../dist/firefox', import.meta.url));

test.describe('the triage story in headless firefox-esr', () => {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);
  test.describe.configure({ mode: 'serial' });
  let trackers: TriageTracker[] = [];
  let firefox: FirefoxSession | undefined;
  let d: ExtensionDriver;
  const on = (id: string) => trackers.find((t) => t.id === id) as TriageTracker;
  test.beforeAll(async () => {
    trackers = await startTriageTrackers();
    firefox = await FirefoxSession.start(FIREFOX, DIST);
    d = firefoxDriver(firefox);
    await d.open('src/inbox/index.html');
    await story.seedTriage(d, trackers);
  });
  test.afterAll(async () => {
    firefox?.close();
    await Promise.all(trackers.map((t) => t.server.stop()));
  });

  test('the requests of you first, oldest first, then a new bug assigned to you never opened, then the rest', () =>
    story.requestsFirstThenNewBugs(d, trackers));
  test('search with prefixes; the count follows it', () => story.searchWithPrefixes(d));
  test('requests by you, with their age', () => story.requestsByYou(d));
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
});
