import { expect, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';
import { commentAsOther, OTHER, openInbox, rowOf, type SeededTracker, seedTrackers } from './inbox-harness.js';
import { openPopup } from './popup-page.js';

/**
 * Upstream Bugzilla 5.2 refuses a visit to a bug you are not involved in
 * (32000, "you are not involved"): the bug is followed all the same, its
 * news shown, and the refusal never becomes a growing list of failures.
 */
let browser: ExtensionBrowser;
let trackers: SeededTracker[];

test.beforeAll(async () => {
  browser = await launchWithExtension();
  trackers = await seedTrackers(browser, [
    {
      id: 't1',
      label: 'Upstream',
      profile: 'bugzilla-5.2',
      bugs: [
        { id: 1, summary: 'Not mine: a public bug I only read', changedAgo: 600, reporter: OTHER },
        { id: 2, summary: 'Another one I only read', changedAgo: 600, reporter: OTHER },
      ],
    },
  ]);
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all((trackers ?? []).map((t) => t.server.stop()));
});

test('a bug you are not involved in is followed, its news shown, its visit kept in the browser, not failed', async () => {
  const server = trackers[0]?.server;
  if (!server) throw new Error('no server');
  for (const bug of [1, 2]) {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}show_bug.cgi?id=${bug}`);
    await expect
      .poll(
        () =>
          server.requests().filter((r) => r.path === `/rest/bug_user_last_visit/${bug}` && r.method === 'POST').length,
      )
      .toBeGreaterThan(0);
    await page.close();
  }
  const popup = await openPopup(browser);
  await expect(popup.getByTestId('kept-in-browser')).toHaveText(
    /keeps visits only for bugs you are involved in: 2 other visits are kept in this browser/,
  );
  await expect(popup.getByTestId('delivery')).not.toContainText('not recorded');
  await popup.close();

  await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second than the visit
  await commentAsOther(server, 2, 'A workaround: clear the cache first.');
  const inbox = await openInbox(browser);
  await expect(rowOf(inbox, 2)).toHaveCount(1);
  await expect(rowOf(inbox, 2).locator('.what')).toHaveText('1 new comment: “A workaround: clear the cache first.”');
  await expect(rowOf(inbox, 1)).toHaveCount(0);
  await expect(inbox.getByTestId('cannot')).toContainText('does not say whose key it is');
});
