import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { type ExtensionDriver, firefoxDriver } from './extension-driver.js';
import {
  eachProfileSaysWhatItCannot,
  FOLLOW_SEEDS,
  FOLLOWED_AT_START,
  twentyFiveVisitsAllListed,
} from './follow-steps.js';
import { type SeededTracker, startTrackers } from './inbox-harness.js';
import {
  badgeText,
  doneByKeyUndoneByZ,
  doneComesBackOnNewActivity,
  filtersAndPins,
  INBOX_SEEDS,
  markSeenUndone,
  muteUndoneByTheNotice,
  notificationRules,
  openingABugMovesBadgeAndPopup,
  refreshAll,
  seedStorage,
  selectRangeUndoneAtOnce,
  snoozeComesBack,
  starUndoneAndByKey,
  theListAcrossTrackers,
} from './inbox-steps.js';
import { FirefoxSession } from './marionette.js';
import { popupRemembersItsChoice } from './popup-steps.js';

/**
 * The inbox's story in headless firefox-esr, driven through Marionette: the
 * same steps as in Chromium (inbox-steps.ts) on the same three trackers.
 * Where Firefox differs it is tested as it is: its notifications close at
 * once when headless (told by `onClosed`), its clock is moved in the
 * background page rather than a service worker.
 */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DIST = fileURLToPath(new URL('../dist/firefox', import.meta.url));

test.describe('the inbox in headless firefox-esr', () => {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);
  test.describe.configure({ mode: 'serial' });

  let trackers: SeededTracker[] = [];
  let firefox: FirefoxSession | undefined;
  let d: ExtensionDriver;

  test.beforeAll(async () => {
    trackers = await startTrackers(INBOX_SEEDS);
    firefox = await FirefoxSession.start(FIREFOX, DIST);
    d = firefoxDriver(firefox);
    await d.open('src/inbox/index.html');
    await seedStorage(d, trackers);
    await refreshAll(d);
  });
  test.afterAll(async () => {
    firefox?.close();
    await Promise.all(trackers.map((t) => t.server.stop()));
  });

  test('every tracker’s changed bugs in one list, the newest change first, each saying what changed', () =>
    theListAcrossTrackers(d));
  test('Done by e, undone by z; the badge follows; the triage is in storage.sync', () => doneByKeyUndoneByZ(d));
  test('Mute, undone by the notice’s Undo', () => muteUndoneByTheNotice(d));
  test('Star, undone by z; s stars the current row (j and k move)', () => starUndoneAndByKey(d));
  test('Mark seen, undone before the tracker hears of it', () => markSeenUndone(d, trackers[2] as SeededTracker));
  test('x and shift-click select a range; one Done, one undo', () => selectRangeUndoneAtOnce(d));
  test('filters narrow the list; a pinned filter keeps its count and stays pinned', () => filtersAndPins(d));
  test('a done bug comes back when something new happens on it', () =>
    doneComesBackOnNewActivity(d, trackers[2] as SeededTracker));

  test('the popup’s switcher starts with All trackers and the badge’s count, then each tracker’s', async () => {
    await d.open('src/popup/index.html');
    const entries = () =>
      d.run<string[]>(
        `return [...document.querySelectorAll('[data-testid="tracker-switcher"] button')].map((b) => b.textContent);`,
      );
    await expect.poll(entries).toEqual(['All trackers 6', 'Firefox 3 ok', 'Core 2 ok', 'Staging 1 ok']);
    expect(await badgeText(d)).toBe('6');
  });

  test('the popup opens again on what its switcher was set to, its heading naming it', () =>
    popupRemembersItsChoice(d));
  test('opening a changed bug takes the badge and the popup’s All trackers down within 2 s', () =>
    openingABugMovesBadgeAndPopup(d, trackers[0] as SeededTracker));
  test('notifications: nothing old when turned on, one per bug, muted silent, a summary past three', () =>
    notificationRules(d, trackers));
  // Last: the clocks move an hour on and back.
  test('a snoozed bug comes back at its time, in the list and the badge', () => snoozeComesBack(d, trackers));
});

test.describe('bugs followed by opening them, in headless firefox-esr', () => {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);
  test.describe.configure({ mode: 'serial' });

  let trackers: SeededTracker[] = [];
  let firefox: FirefoxSession | undefined;
  let d: ExtensionDriver;

  test.beforeAll(async () => {
    trackers = await startTrackers(FOLLOW_SEEDS);
    firefox = await FirefoxSession.start(FIREFOX, DIST);
    d = firefoxDriver(firefox);
    await d.open('src/inbox/index.html');
    await seedStorage(d, trackers, FOLLOWED_AT_START);
  });
  test.afterAll(async () => {
    firefox?.close();
    await Promise.all(trackers.map((t) => t.server.stop()));
  });

  test('25 bugs opened and changed: all 25 listed', () => twentyFiveVisitsAllListed(d, trackers[0] as SeededTracker));
  test('upstream 5.2 and 5.1, and BMO: a bug not yours followed; what each cannot give said once; no failures', () =>
    eachProfileSaysWhatItCannot(d, trackers));
});
