import { join } from 'node:path';
import { type BzServer, startServer } from '@bz-companion/server';
import { expect, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { lastVisitRequests } from './journal.js';
import { openPopup } from './popup-page.js';

/** Errors as people read them: what happened and what the extension does, never a parser's words. */
const KEY = 'ErrorsInWordsKey89abcdefghijklmnopqrstuv';

let server: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await startServer({
    fixture: { users: [{ login: 'eve@example.com', api_keys: [KEY] }], bugs: [1, 2, 3, 4, 5].map((id) => ({ id })) },
  });
  browser = await launchWithExtension();
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').fill(server.url);
  await options.getByLabel('API key').fill(KEY);
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText(/Signed in as eve@example\.com/);
  await options.close();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
test.afterEach(() => {
  server.clearFaults();
});

const visitPosts = () => lastVisitRequests(server.requests()).filter((line) => line.startsWith('POST '));

async function visit(bug: number): Promise<void> {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}show_bug.cgi?id=${bug}`);
  await page.close();
}

test('a tracker answering 503 is shown in words, with the time of the next try', async () => {
  server.fault({ path_prefix: '/rest/', status: 503 });
  await visit(1);
  await expect.poll(async () => (await browser.badge()).title).toMatch(/answered 503/);
  const popup = await openPopup(browser);
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText(
    'The tracker answered 503 (unavailable). Your visits are kept and will be sent. Next try at',
  );
  await expect(alert.locator('details')).not.toHaveAttribute('open');
  expect(await popup.locator('main').innerText()).not.toMatch(/JSON|http:|32000|\/rest\//);
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-503.png') });
  await popup.close();
  server.clearFaults();
  const back = await openPopup(browser);
  await back.getByRole('button', { name: 'Retry now' }).click();
  await expect(back.getByRole('alert')).toHaveCount(0);
  await back.close();
});

test('an empty answer to the visit POST is tried again silently', async () => {
  server.clearRequests();
  server.fault({ method: 'POST', path: '/rest/bug_user_last_visit/2', status: 200, body: '', times: 1 });
  await visit(2);
  await expect
    .poll(visitPosts)
    .toEqual(['POST /rest/bug_user_last_visit/2 200', 'POST /rest/bug_user_last_visit/2 200']);
  expect((await browser.badge()).title).not.toMatch(/incomplete|JSON|problem/i);
  const popup = await openPopup(browser);
  await expect(popup.getByRole('alert')).toHaveCount(0);
  await popup.close();
});

test('a tracker that keeps answering empty: in words, the parser’s text only under Details', async () => {
  server.fault({ method: 'POST', path_prefix: '/rest/bug_user_last_visit', status: 200, body: '' });
  await visit(3);
  await expect.poll(async () => (await browser.badge()).title).toMatch(/incomplete answer/);
  const popup = await openPopup(browser);
  await expect(popup.getByRole('alert')).toContainText('The tracker gave an incomplete answer.');
  expect(await popup.locator('main').innerText()).not.toContain('not JSON');
  await popup.getByRole('alert').getByText('Details').click();
  await expect(popup.getByRole('alert').locator('details p')).toContainText('answered an unexpected response');
  server.clearFaults();
  await popup.getByRole('button', { name: 'Retry now' }).click();
  await expect(popup.getByTestId('delivery')).not.toContainText('queued');
  await popup.close();
});

test('one POST per bug page load: a #fragment on the same page is no new visit', async () => {
  server.clearRequests();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}show_bug.cgi?id=4`);
  await expect.poll(visitPosts).toEqual(['POST /rest/bug_user_last_visit/4 200']);
  await page.evaluate(() => {
    location.hash = 'c1';
  });
  await page.evaluate(() => {
    location.hash = 'c2';
  });
  // A later page load shows the background had time to act on the fragments.
  await page.goto(`${server.url}show_bug.cgi?id=5`);
  await expect
    .poll(visitPosts)
    .toEqual(['POST /rest/bug_user_last_visit/4 200', 'POST /rest/bug_user_last_visit/5 200']);
  await page.close();
});
