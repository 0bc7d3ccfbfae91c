import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { chromiumDriver, type ExtensionDriver } from './extension-driver.js';
import { openInbox, rowOf, type SeededTracker, seedTrackers } from './inbox-harness.js';
import { INBOX_SEEDS } from './inbox-page.js';
import * as story from './inbox-steps.js';
import { notificationRules } from './notification-steps.js';
import { openPopup } from './popup-page.js';
import { popupOpensOnAllTrackers } from './popup-steps.js';

/**
 * The inbox end to end: three trackers (real companion servers), the built
 * extension in Chromium, bugs others changed since the user saw them. The
 * story's steps are shared with firefox-esr (inbox-steps.ts); here besides:
 * what only Playwright sees well (accessibility, screenshots, opened tabs,
 * the page's timers).
 */
let browser: ExtensionBrowser;
let trackers: SeededTracker[];

const DOCS = join(SCREENSHOTS, '..', '..', 'docs');

test.beforeAll(async () => {
  browser = await launchWithExtension();
  trackers = await seedTrackers(browser, INBOX_SEEDS);
  const page = await openInbox(browser);
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  await page.close();
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all((trackers ?? []).map((t) => t.server.stop()));
});

const ids = async (page: Page) =>
  page
    .locator('.inbox-row')
    .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-tracker')}:${row.getAttribute('data-bug')}`));

test('every tracker’s changed bugs in one list, the newest change first, each saying what changed and why', async () => {
  const page = await openInbox(browser, { refresh: false });
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  expect(await ids(page)).toEqual(['t1:1', 't2:7', 't3:12', 't1:2', 't2:8', 't1:3']);
  const first = rowOf(page, 1);
  await expect(first.locator('.tracker-label')).toHaveText('Firefox');
  await expect(first.locator('.what')).toHaveText('Priority Low → Highest');
  await expect(first.locator('.who')).toHaveText('by omar.other');
  await expect(first.locator('.chip')).toHaveText(['visited', 'reporter']);
  await expect(rowOf(page, 2).locator('.what')).toHaveText(
    /^1 new comment: “Reproduced on staging: the redirect drops the session cookie before the login…”$/,
  );
  await expect(rowOf(page, 3).locator('.what')).toHaveText('Status NEW → ASSIGNED');
  const long = rowOf(page, 7, 't2').locator('a.line');
  await expect(long).toHaveAttribute('title', /shown whole on hover$/);
  await expect(rowOf(page, 7, 't2').locator('time')).toHaveAttribute('title', /\d/);
  await expect(page.getByTestId('inbox-count')).toHaveText(/^6 waiting across 3 trackers · 7 bugs followed$/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.screenshot({ path: join(DOCS, 'inbox-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.screenshot({ path: join(DOCS, 'inbox-dark.png') });
  await page.close();
});

/** A tab of the inbox's size, driven by the steps shared with Firefox. */
async function withDriver(step: (d: ExtensionDriver, page: Page) => Promise<void>): Promise<void> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1200, height: 760 });
  try {
    await step(chromiumDriver(browser, page), page);
  } finally {
    await page.close();
  }
}

test('the same list through the steps shared with Firefox; the badge says 6', () =>
  withDriver(story.theListAcrossTrackers));
test('the popup opens on All trackers again after a tracker was chosen, its heading naming what it shows', () =>
  withDriver(async (d, page) => {
    await page.setViewportSize({ width: 460, height: 600 });
    await popupOpensOnAllTrackers(d);
  }));

/** Axe finds nothing on the page as it is, in light and in dark. */
async function axeCleanLightAndDark(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect((await new AxeBuilder({ page }).analyze()).violations, colorScheme).toEqual([]);
  }
}

test('axe: the popup on All trackers and on a tracker, and the options with three trackers, light and dark', async () => {
  const popup = await openPopup(browser);
  for (const entry of ['All trackers', 'Core']) {
    await popup.getByTestId('tracker-switcher').getByRole('button', { name: entry }).click();
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${entry}`));
    await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
    await axeCleanLightAndDark(popup);
  }
  const options = await browser.openExtensionPage('src/options/index.html');
  await expect(options.getByRole('heading', { name: /^Trackers \(3\)$/ })).toBeVisible();
  await axeCleanLightAndDark(options);
  await Promise.all([popup.close(), options.close()]);
});
test('Done by e, undone by z; the badge follows; the triage is in storage.sync', () =>
  withDriver(story.doneByKeyUndoneByZ));
test('Mute, undone by the notice’s Undo', () => withDriver(story.muteUndoneByTheNotice));
test('Star, undone by z; s stars the current row (j and k move)', () => withDriver(story.starUndoneAndByKey));
test('Mark seen, undone before the tracker hears of it', () =>
  withDriver((d) => story.markSeenUndone(d, trackers[2] as SeededTracker)));
test('x and shift-click select several; one action applies to all, and one undo brings all back', () =>
  withDriver(story.selectRangeUndoneAtOnce));
test('filters narrow the list; a pinned filter keeps its count and stays pinned', () =>
  withDriver((d, page) =>
    story.filtersAndPins(d, async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      await page.screenshot({ path: join(DOCS, 'inbox-filters.png') });
    }),
  ));
test('a done bug comes back when something new happens on it', () =>
  withDriver((d) => story.doneComesBackOnNewActivity(d, trackers[2] as SeededTracker)));
test('opening a changed bug takes the badge and the popup’s All trackers down within 2 s', () =>
  withDriver((d) => story.openingABugMovesBadgeAndPopup(d, trackers[0] as SeededTracker)));
test('notifications: nothing old when turned on, one per bug, muted silent, a summary past three', () =>
  withDriver((d) => notificationRules(d, trackers)));
test('a snoozed bug comes back at its time, in the list and the badge (the extension’s and the trackers’ clocks moved)', () =>
  withDriver((d) => story.snoozeComesBack(d, trackers)));

test('the ? key lists the keys; Enter opens the current bug, O every selected one', async () => {
  const page = await openInbox(browser, { refresh: false });
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard' })).toContainText('snooze: an hour, tomorrow morning');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard' })).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The current row is the first, the newest change (which one depends on the tests before).
  const top = page.locator('.inbox-row').first();
  const [bug, tracker] = [await top.getAttribute('data-bug'), await top.getAttribute('data-tracker')];
  const first = browser.context.waitForEvent('page');
  await page.keyboard.press('Enter');
  expect((await first).url()).toMatch(new RegExp(`show_bug\\.cgi\\?id=${bug}\\b`));
  // Opening it recorded the visit: it leaves the inbox.
  await expect(rowOf(page, Number(bug), tracker ?? 't1')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select bug 2 on Firefox' }).click();
  await page.getByRole('checkbox', { name: 'Select bug 3 on Firefox' }).click();
  await expect(page.locator('.inbox-row.selected')).toHaveCount(2);
  const opened = (bug: number) => browser.context.pages().some((tab) => tab.url().includes(`show_bug.cgi?id=${bug}`));
  await page.keyboard.press('O');
  await expect.poll(() => [opened(2), opened(3)]).toEqual([true, true]);
  await page.close();
});

test('the options say what is synced: the marks left by the steps before', () =>
  withDriver(story.optionsShowTheSyncedMarks));

// Last: the clock it installs is the whole context's, and stays moved on.
test('a snoozed bug comes back at its time (the page’s clock moved on, its timer ticks)', async () => {
  const page = await browser.context.newPage();
  await page.clock.install();
  await page.setViewportSize({ width: 1200, height: 760 });
  await page.goto(`chrome-extension://${browser.extensionId}/src/inbox/index.html`);
  // Whichever bug is first now (the tests before took some away).
  const top = page.locator('.inbox-row').first();
  const [bug, tracker] = [Number(await top.getAttribute('data-bug')), (await top.getAttribute('data-tracker')) ?? ''];
  const label = await top.locator('.tracker-label').textContent();
  await rowOf(page, bug, tracker)
    .getByRole('button', { name: `Snooze bug ${bug} on ${label}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'An hour' }).click();
  await expect(rowOf(page, bug, tracker)).toHaveCount(0);
  await page.clock.fastForward('59:00');
  await expect(rowOf(page, bug, tracker)).toHaveCount(0);
  await page.clock.fastForward('02:00');
  await expect(rowOf(page, bug, tracker)).toHaveCount(1);
  await page.close();
});
