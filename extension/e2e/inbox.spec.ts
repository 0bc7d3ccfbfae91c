import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import {
  commentAsOther,
  KEY,
  openInbox,
  refreshAll,
  rowOf,
  type SeededTracker,
  seedTrackers,
} from './inbox-harness.js';

/**
 * The inbox end to end: three trackers (real companion servers), the built
 * extension in Chromium, bugs others changed since the user saw them. Each
 * action and its undo, the filters and pinned filters, snooze coming back
 * under a controlled clock, done coming back on new activity.
 */
let browser: ExtensionBrowser;
let trackers: SeededTracker[];

const DOCS = join(SCREENSHOTS, '..', '..', 'docs');

test.beforeAll(async () => {
  browser = await launchWithExtension();
  trackers = await seedTrackers(browser, [
    {
      id: 't1',
      label: 'Firefox',
      bugs: [
        { id: 1, summary: 'Crash when closing a window with many tabs', changedAgo: 5, priority: ['Low', 'Highest'] },
        {
          id: 2,
          summary: 'Login page loops after the session expires',
          changedAgo: 20,
          comment: 'Reproduced on staging: the redirect drops the session cookie before the login form posts.',
        },
        { id: 3, summary: 'Export to CSV drops the last row', changedAgo: 40, status: ['NEW', 'ASSIGNED'] },
        { id: 4, summary: 'Nothing new here', changedAgo: 24 * 60 },
      ],
    },
    {
      id: 't2',
      label: 'Core',
      bugs: [
        {
          id: 7,
          summary:
            'Layout: a very long summary that the row cannot show in full, so it is cut and shown whole on hover',
          product: 'Core',
          component: 'Layout',
          changedAgo: 10,
          comment: 'Still happens on nightly.',
        },
        {
          id: 8,
          summary: 'مشكلة في عرض النص العربي',
          product: 'Core',
          component: 'Text',
          changedAgo: 30,
          priority: ['P3', 'P1'],
        },
      ],
    },
    {
      id: 't3',
      label: 'Staging',
      bugs: [{ id: 12, summary: 'Search ignores the product filter', changedAgo: 15, comment: 'Any update on this?' }],
    },
  ]);
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

test('done, mute, star and mark seen, each undone by the notice or z', async () => {
  const page = await openInbox(browser, { refresh: false });
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  // Done with the key, undone with z.
  await page.keyboard.press('e');
  await expect(rowOf(page, 1)).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Done: 1 bug. Undo (z)');
  await page.keyboard.press('z');
  await expect(rowOf(page, 1)).toHaveCount(1);
  // Mute with the button, undone with the notice's Undo.
  await rowOf(page, 7, 't2').getByRole('button', { name: 'Mute bug 7 on Core' }).click();
  await expect(rowOf(page, 7, 't2')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo (z)' }).click();
  await expect(rowOf(page, 7, 't2')).toHaveCount(1);
  // Star: the button, undone with z; s on the current row (j and k move), again to unstar.
  await rowOf(page, 7, 't2').getByRole('button', { name: 'Star bug 7 on Core' }).click();
  await expect(rowOf(page, 7, 't2').locator('.star')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('z');
  await expect(rowOf(page, 7, 't2').locator('.star')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(rowOf(page, 1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('s');
  await expect(rowOf(page, 1).locator('.star')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('s');
  await expect(rowOf(page, 1).locator('.star')).toHaveAttribute('aria-pressed', 'false');
  // Mark seen waits for the undo time before the tracker hears of it.
  const lastVisit = () =>
    createClient({ baseUrl: trackers[2]?.server.url as string, apiKey: KEY })
      .lastVisit.get(12)
      .then((rows) => rows[0]?.last_visit_ts ?? null);
  await rowOf(page, 12, 't3').getByRole('button', { name: 'Mark bug 12 on Staging as seen' }).click();
  await expect(rowOf(page, 12, 't3')).toHaveCount(0);
  await page.keyboard.press('z');
  await expect(rowOf(page, 12, 't3')).toHaveCount(1);
  expect(await lastVisit()).toBeNull();
  await page.close();
});

test('x and shift-click select several; one action applies to all, and one undo brings all back', async () => {
  const page = await openInbox(browser, { refresh: false });
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  await page.getByRole('checkbox', { name: 'Select bug 1 on Firefox' }).click();
  await page.getByRole('checkbox', { name: 'Select bug 2 on Firefox' }).click({ modifiers: ['Shift'] });
  await expect(page.locator('.inbox-row.selected')).toHaveCount(4);
  await page.keyboard.press('e');
  await expect(page.locator('.inbox-row')).toHaveCount(2);
  await expect(page.getByRole('status')).toHaveText('Done: 4 bugs. Undo (z)');
  await page.keyboard.press('z');
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  await page.close();
});

test('filters narrow the list, and a pinned filter keeps its count in the sidebar', async () => {
  const page = await openInbox(browser, { refresh: false });
  await page.getByLabel('Tracker').selectOption('Core');
  await expect(page.locator('.inbox-row')).toHaveCount(2);
  await page.getByLabel('Changed field').selectOption('Priority');
  expect(await ids(page)).toEqual(['t2:8']);
  await page.getByRole('button', { name: 'Pin “Core · Priority changed”' }).click();
  await expect(page.getByRole('button', { name: /^Core · Priority changed 1$/ })).toBeVisible();
  await page.getByRole('button', { name: /^Everything 6$/ }).click();
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  await page.keyboard.press('/');
  await page.keyboard.type('session');
  expect(await ids(page)).toEqual(['t1:2']);
  await page.getByLabel('Search the summaries').fill('');
  await page.getByLabel('Reason').selectOption('visited');
  await expect(page.locator('.inbox-row')).toHaveCount(6);
  await page.getByLabel('Reason').selectOption('');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByLabel('Tracker').selectOption('Firefox');
  await page.screenshot({ path: join(DOCS, 'inbox-filters.png') });
  await page.getByRole('button', { name: 'Unpin Core · Priority changed' }).click();
  await page.close();
});

test('a done bug comes back when something new happens on it', async () => {
  const page = await openInbox(browser, { refresh: false });
  await rowOf(page, 12, 't3').getByRole('button', { name: 'Done: bug 12 on Staging' }).click();
  await expect(rowOf(page, 12, 't3')).toHaveCount(0);
  await page.waitForTimeout(1100); // a later second: Bugzilla's times are to the second
  await commentAsOther(trackers[2]?.server as never, 12, 'Fixed on staging, please verify.');
  await expect
    .poll(async () => {
      await refreshAll(page);
      return rowOf(page, 12, 't3').count();
    })
    .toBe(1);
  // What came after Done, not what was there before it.
  await expect(rowOf(page, 12, 't3').locator('.what')).toHaveText('1 new comment: “Fixed on staging, please verify.”');
  await page.close();
});

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

// Last: the clock it installs is the whole context's, and stays moved on.
test('a snoozed bug comes back at its time (the page’s clock moved on)', async () => {
  const page = await browser.context.newPage();
  await page.clock.install();
  await page.setViewportSize({ width: 1200, height: 760 });
  await page.goto(`chrome-extension://${browser.extensionId}/src/inbox/index.html`);
  await expect(rowOf(page, 8, 't2')).toHaveCount(1);
  await rowOf(page, 8, 't2').getByRole('button', { name: 'Snooze bug 8 on Core' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'An hour' }).click();
  await expect(rowOf(page, 8, 't2')).toHaveCount(0);
  await page.clock.fastForward('59:00');
  await expect(rowOf(page, 8, 't2')).toHaveCount(0);
  await page.clock.fastForward('02:00');
  await expect(rowOf(page, 8, 't2')).toHaveCount(1);
  await page.close();
});
