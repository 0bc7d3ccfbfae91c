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
import { badgeText, INBOX_SEEDS, refreshAll, seedStorage } from './inbox-page.js';
import * as story from './inbox-steps.js';
import { FirefoxSession } from './marionette.js';
import { notificationRules } from './notification-steps.js';
import { popupOpensOnAllTrackers } from './popup-steps.js';

/**
 * The inbox's story in headless firefox-esr, driven through Marionette: the
 * same steps as in Chromium (inbox-steps.ts) on the same three trackers.
 * Where Firefox differs it is tested as it is: its notifications close at
 * once when headless (told by `onClosed`), its clock is moved in the
 * background page rather than a service worker.
 */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DIST = fileURLToPath(new URL('../dist/firefox', import.meta.url));

/**
 * One firefox-esr for the tests of the describe block it is called in, on
 * these trackers, their bugs in `followed` followed (then `ready` runs).
 */
function firefoxOn(
  seeds: Parameters<typeof startTrackers>[0],
  followed: Parameters<typeof seedStorage>[2],
  ready: (d: ExtensionDriver) => Promise<unknown> = async () => {},
) {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);
  test.describe.configure({ mode: 'serial' });
  const handle = { trackers: [] as SeededTracker[], d: undefined as unknown as ExtensionDriver };
  let firefox: FirefoxSession | undefined;
  test.beforeAll(async () => {
    handle.trackers = await startTrackers(seeds);
    firefox = await FirefoxSession.start(FIREFOX, DIST);
    handle.d = firefoxDriver(firefox);
    await handle.d.open('src/inbox/index.html');
    await seedStorage(handle.d, handle.trackers, followed);
    await ready(handle.d);
  });
  test.afterAll(async () => {
    firefox?.close();
    await Promise.all(handle.trackers.map((t) => t.server.stop()));
  });
  return handle;
}

test.describe('the inbox in headless firefox-esr', () => {
  const on = firefoxOn(INBOX_SEEDS, INBOX_SEEDS, refreshAll);
  test('every tracker’s changed bugs in one list, the newest change first, each saying what changed', () =>
    story.theListAcrossTrackers(on.d));
  test('Done by e, undone by z; the badge follows; the triage is in storage.sync', () =>
    story.doneByKeyUndoneByZ(on.d));
  test('Mute, undone by the notice’s Undo', () => story.muteUndoneByTheNotice(on.d));
  test('Star, undone by z; s stars the current row (j and k move)', () => story.starUndoneAndByKey(on.d));
  test('Mark seen, undone before the tracker hears of it', () =>
    story.markSeenUndone(on.d, on.trackers[2] as SeededTracker));
  test('x and shift-click select a range; one Done, one undo', () => story.selectRangeUndoneAtOnce(on.d));
  test('filters narrow the list; a pinned filter keeps its count and stays pinned', () => story.filtersAndPins(on.d));
  test('a done bug comes back when something new happens on it', () =>
    story.doneComesBackOnNewActivity(on.d, on.trackers[2] as SeededTracker));

  test('the popup’s switcher starts with All trackers and the badge’s count, then each tracker’s', async () => {
    await on.d.open('src/popup/index.html');
    const entries = () =>
      on.d.run<string[]>(
        `return [...document.querySelectorAll('[data-testid="tracker-switcher"] button')].map((b) => b.textContent);`,
      );
    await expect.poll(entries).toEqual(['All trackers 6', 'Firefox 3 ok', 'Core 2 ok', 'Staging 1 ok']);
    expect(await badgeText(on.d)).toBe('6');
  });

  test('the popup opens on All trackers again after a tracker was chosen, its heading naming what it shows', () =>
    popupOpensOnAllTrackers(on.d));
  test('opening a changed bug takes the badge and the popup’s All trackers down within 2 s', () =>
    story.openingABugMovesBadgeAndPopup(on.d, on.trackers[0] as SeededTracker));
  test('notifications: nothing old when turned on, one per bug, muted silent, a summary past three', () =>
    notificationRules(on.d, on.trackers));
  // Late: the clocks move an hour on and back.
  test('a snoozed bug comes back at its time, in the list and the badge', () =>
    story.snoozeComesBack(on.d, on.trackers));
  test('the options say what is synced: the marks left by the steps before', () =>
    story.optionsShowTheSyncedMarks(on.d));
});

test.describe('bugs followed by opening them, in headless firefox-esr', () => {
  const on = firefoxOn(FOLLOW_SEEDS, FOLLOWED_AT_START);
  test('25 bugs opened and changed: all 25 listed', () =>
    twentyFiveVisitsAllListed(on.d, on.trackers[0] as SeededTracker));
  test('upstream 5.2 and 5.1, and BMO: a bug not yours followed; what each cannot give said once; no failures', () =>
    eachProfileSaysWhatItCannot(on.d, on.trackers));
});
