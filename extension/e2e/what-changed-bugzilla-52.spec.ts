import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';
import { openPopup } from './popup-page.js';

/**
 * What changed since your visit on a tracker answering as Bugzilla 5.2
 * (`--profile bugzilla-5.2`): it cannot read a visit (the 100500 crash in a
 * 200) nor list recent ones, so the previous visit is the one this browser
 * recorded, and the popup says so.
 */
const ME = 'tess@example.com';
const KEY = 'Bz52NewsKey6789abcdefghijklmnopqrstuvwx';
const OTHER_KEY = 'Bz52OtherKey789abcdefghijklmnopqrstuvwx';

let server: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await startServer({
    profile: 'bugzilla-5.2',
    fixture: {
      users: [
        { login: ME, real_name: 'Tess Tester', api_keys: [KEY] },
        { login: 'omar@example.com', real_name: 'Omar Other', api_keys: [OTHER_KEY] },
      ],
      // 5.2 records a visit only where the user is involved: the reporter here.
      bugs: [
        {
          id: 3,
          reporter: ME,
          summary: 'Export to CSV drops the last row',
          comments: [{ author: ME, time: '2026-11-01T09:00:00Z', text: 'Steps: export any list of 3 bugs.' }],
        },
      ],
    },
  });
  browser = await launchWithExtension();
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').first().fill(server.url);
  await options.getByLabel('API key').first().fill(KEY);
  await options.getByRole('button', { name: 'Save' }).first().click();
  await expect(options.getByRole('status')).toHaveText(/saved/i);
  await options.close();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The visit POSTs of bug 3 that the tracker answered 200. */
const visitsRecorded = () =>
  server.requests().filter((r) => r.method === 'POST' && r.path === '/rest/bug_user_last_visit/3' && r.status === 200)
    .length;

async function open(): Promise<Page> {
  const before = visitsRecorded();
  const page = await browser.context.newPage();
  await page.goto(new URL('show_bug.cgi?id=3', server.url).href);
  await expect.poll(visitsRecorded).toBeGreaterThan(before);
  return page;
}

test('the banner counts from the visit this browser recorded, and the popup names that source', async () => {
  const first = await open();
  await expect(first.locator('#c0')).toBeVisible();
  await expect(first.getByTestId('bz-companion-banner')).toHaveCount(0);
  await first.close();

  // A later second than the visit, by the server's clock; the key in the query, as 5.2 wants it.
  server.clock.advance(2);
  await createClient({ baseUrl: server.url, apiKey: OTHER_KEY, authMode: 'query' }).bugs.addComment(3, {
    comment: 'Also drops the header when the list is empty.',
  });

  const popup = await openPopup(browser);
  await expect(popup.getByTestId('changed-since-visit')).toContainText('Export to CSV drops the last row');
  await expect(popup.getByTestId('visit-source')).toHaveText(/as this browser recorded them/);
  await popup.close();

  const page = await open();
  await expect(page.getByTestId('bz-companion-banner')).toContainText('1 new comment since your last visit');
  await page.close();
});
