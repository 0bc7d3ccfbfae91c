import { expect, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';
import { openInbox, type SeededTracker, seedTrackers } from './inbox-harness.js';
import { openPopup } from './popup-page.js';

/** The badge is the inbox's count across trackers, the popup's "All trackers" says the same, and both move within 2 s. */
let browser: ExtensionBrowser;
let trackers: SeededTracker[];

test.beforeAll(async () => {
  browser = await launchWithExtension();
  trackers = await seedTrackers(browser, [
    {
      id: 't1',
      label: 'Firefox',
      bugs: [
        { id: 1, summary: 'Crash on start', changedAgo: 5, priority: ['Low', 'Highest'] },
        { id: 2, summary: 'Slow scrolling', changedAgo: 9, comment: 'Profiled: the layout runs twice.' },
      ],
    },
    {
      id: 't2',
      label: 'Core',
      bugs: [{ id: 5, summary: 'Leak in the cache', changedAgo: 7, comment: 'Still leaks.' }],
    },
  ]);
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all((trackers ?? []).map((t) => t.server.stop()));
});

test('badge = the popup’s All trackers count, and opening a bug takes both down within 2 s', async () => {
  const inbox = await openInbox(browser);
  await expect(inbox.locator('.inbox-row')).toHaveCount(3);
  await expect.poll(async () => (await browser.badge()).text, { timeout: 2000 }).toBe('3');
  const popup = await openPopup(browser);
  await expect(popup.getByRole('heading', { name: 'All trackers (3)' })).toBeVisible();
  await expect(popup.getByTestId('tracker-switcher')).toContainText('Firefox 2');
  await expect(popup.getByTestId('tracker-switcher')).toContainText('Core 1');
  await popup.close();

  const page = await browser.context.newPage();
  await page.goto(`${trackers[0]?.server.url}show_bug.cgi?id=1`);
  await expect.poll(async () => (await browser.badge()).text, { timeout: 2000 }).toBe('2');
  const again = await openPopup(browser);
  await expect(again.getByRole('heading', { name: 'All trackers (2)' })).toBeVisible({ timeout: 2000 });

  // Done in the inbox: the badge follows within 2 s too.
  await inbox.bringToFront();
  await inbox.getByRole('button', { name: 'Done: bug 5 on Core' }).click();
  await expect.poll(async () => (await browser.badge()).text, { timeout: 2000 }).toBe('1');
  await expect(again.getByRole('heading', { name: 'All trackers (1)' })).toBeVisible({ timeout: 2000 });
});
