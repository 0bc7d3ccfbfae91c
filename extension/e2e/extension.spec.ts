import { join } from 'node:path';
import { type RunningServer, serveCli, serveFixture } from '@bz-companion/server/testing';
import { createClient } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';

const KEY = 'E2eKey00123456789abcdefghijklmnopqrstuv';

function fixture(instance: Record<string, unknown> = {}) {
  return {
    instance: { version: '5.2', extensions: { BugModal: { version: '1.0' } }, ...instance },
    users: [{ login: 'tester@example.com', real_name: 'Tess Tester', api_keys: [KEY] }],
    bugs: [{ id: 1, alias: 'first-bug' }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }],
    audit_log: [{ class: 'Bugzilla::Product', at_time: '2026-11-01T00:00:00Z' }],
  };
}

let server: RunningServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await serveFixture(fixture());
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tracker = () => createClient({ baseUrl: server.url, apiKey: KEY });
const lastVisit = async (bug: number) => (await tracker().lastVisit.get(bug))[0]?.last_visit_ts ?? null;

/** Sets the first tracker of the list (a fresh install offers the local companion there). */
async function configure(url: string, key: string): Promise<Page> {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').first().fill(url);
  await options.getByLabel('API key').first().fill(key);
  await options.getByRole('button', { name: 'Save' }).first().click();
  return options;
}

async function openPopup(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 360, height: 600 });
  await popup.emulateMedia({ colorScheme });
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
  return popup;
}

test('options: the key is checked and the user is named', async () => {
  const options = await configure(server.url, KEY);
  await expect(options.getByRole('status')).toHaveText(/Signed in as tester@example\.com/);
  await options.screenshot({ path: join(SCREENSHOTS, 'options.png'), fullPage: true });
  await options.close();
});

test('options: a tracker URL pasted without scheme or with /rest is normalised', async () => {
  const port = new URL(server.url).port;
  const options = await configure(`127.0.0.1:${port}/rest/`, KEY);
  await expect(options.getByRole('status')).toHaveText(/Signed in as tester@example\.com/);
  await expect(options.getByLabel('Tracker URL')).toHaveValue(`http://127.0.0.1:${port}/`);
  await options.close();
});

test('opening a bug page records the visit on the server', async () => {
  const before = Date.now();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/show_bug.cgi?id=2`);
  await expect.poll(() => lastVisit(2)).not.toBeNull();
  const stamped = Date.parse((await lastVisit(2)) as string);
  expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  expect(stamped).toBeLessThanOrEqual(Date.now());

  await page.goto(`${server.url}/show_bug.cgi?id=first-bug`);
  await expect.poll(() => lastVisit(1)).not.toBeNull();
  await page.close();
});

test('a reload and a navigation within the page are visits too', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/show_bug.cgi?id=5`);
  await expect.poll(() => lastVisit(5)).not.toBeNull();
  const first = (await lastVisit(5)) as string;
  // Visits are stamped in whole seconds: wait for the next one so a new visit shows.
  await page.waitForTimeout(1100);
  await page.reload();
  await expect.poll(async () => ((await lastVisit(5)) as string) > first).toBe(true);
  const second = (await lastVisit(5)) as string;
  await page.waitForTimeout(1100);
  await page.evaluate(() => {
    location.hash = 'c1';
  });
  await expect.poll(async () => ((await lastVisit(5)) as string) > second).toBe(true);
  await page.close();
});

test('other pages of the tracker are not visits', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/buglist.cgi`);
  await page.goto(`${server.url}/`);
  await page.goto(`${server.url}/rest/bug_user_last_visit/4?Bugzilla_api_key=${KEY}`);
  // A bug page afterwards shows the background is working: by the time it lands, the others would have too.
  await page.goto(`${server.url}/show_bug.cgi?id=3`);
  await expect.poll(() => lastVisit(3)).not.toBeNull();
  expect(await lastVisit(4)).toBeNull();
  await page.close();
});

test('the popup shows the instance and the recent visits', async () => {
  const popup = await openPopup();
  await expect(popup.getByText('Signed in as tester@example.com')).toBeVisible();
  await expect(popup.locator('dd').first()).toHaveText('5.2');
  await expect(popup.getByText('BugModal 1.0')).toBeVisible();
  await expect(popup.getByText('+0000')).toBeVisible();
  await expect(popup.getByText('Database and web server agree.')).toBeVisible();
  const recent = popup.getByTestId('recent-visits');
  await expect(recent.getByRole('link', { name: 'Bug 3' })).toBeVisible();
  await expect(recent.getByRole('link', { name: 'Bug 2' })).toHaveAttribute('href', `${server.url}/show_bug.cgi?id=2`);
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup.png') });
  const dark = await openPopup('dark');
  await expect(dark.getByTestId('recent-visits')).toBeVisible();
  await dark.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-dark.png') });
  await Promise.all([popup.close(), dark.close()]);
});

test('with the server down a visit is queued, shown on the badge, and delivered when it is back', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/show_bug.cgi?id=4`);
  await expect.poll(() => lastVisit(4)).not.toBeNull();
  const port = new URL(server.url).port;
  const dataPath = server.dataPath;
  await server.stop();

  // The page is still shown (from cache, or a proxy) while the tracker's API cannot be reached.
  await page.route('**/show_bug.cgi*', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Bug 1</title><h1>Bug 1 (cached)</h1>' }),
  );
  await page.goto(`${server.url}/show_bug.cgi?id=1`);
  await expect.poll(async () => (await browser.badge()).text).toBe('1');
  expect((await browser.badge()).title).toMatch(/cannot be reached/);
  const offline = await openPopup();
  await expect(offline.getByRole('alert')).toContainText('cannot be reached');
  await expect(offline.getByTestId('delivery')).toContainText('1 visit queued (bug 1)');
  await offline.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-offline.png') });
  await offline.close();

  const visitBefore = await (async () => {
    server = await serveCli(dataPath, ['--port', port]);
    return lastVisit(1);
  })();
  const popup = await openPopup();
  await popup.getByRole('button', { name: 'Retry now' }).click();
  await expect.poll(async () => (await lastVisit(1)) !== visitBefore).toBe(true);
  await expect.poll(async () => (await browser.badge()).text).toBe('');
  await Promise.all([popup.close(), page.close()]);
});

test('a rejected API key is explained in the popup', async () => {
  const options = await configure(server.url, 'NotTheRightKey');
  await expect(options.getByRole('status')).toContainText('rejected the API key');
  await options.close();
  const popup = await openPopup();
  await expect(popup.getByRole('alert')).toContainText('The tracker rejected the API key');
  await expect(popup.getByRole('button', { name: 'Open options' })).toBeVisible();
  await expect(popup.locator('dd').first()).toHaveText('5.2');
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-error.png') });
  await popup.close();
});

test('a tracker whose clocks disagree is flagged', async () => {
  const skewed = await serveFixture(fixture({ db_time_offset_seconds: 120 }));
  try {
    const options = await configure(skewed.url, KEY);
    await expect(options.getByRole('status')).toHaveText(/Signed in as/);
    await options.close();
    const popup = await openPopup();
    await expect(popup.getByTestId('clock-warning')).toContainText('120 s ahead of its web server');
    await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-skew.png') });
    await popup.close();
  } finally {
    await skewed.stop();
    await configure(server.url, KEY).then((page) => page.close());
  }
});
