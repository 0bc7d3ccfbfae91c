import { join } from 'node:path';
import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { lastVisitRequests } from './journal.js';
import { openPopup as openSharedPopup } from './popup-page.js';

const KEY = 'E2eKey00123456789abcdefghijklmnopqrstuv';

const fixture = {
  instance: { version: '5.2', extensions: { BugModal: { version: '1.0' } } },
  users: [{ login: 'tester@example.com', real_name: 'Tess Tester', api_keys: [KEY] }],
  bugs: [{ id: 1, alias: 'first-bug' }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }],
  audit_log: [{ class: 'Bugzilla::Product', at_time: '2026-11-01T00:00:00Z' }],
};

let server: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await startServer({ fixture });
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tracker = () => createClient({ baseUrl: server.url, apiKey: KEY });
const lastVisit = async (bug: number) => (await tracker().lastVisit.get(bug))[0]?.last_visit_ts ?? null;
/** The visits the tracker was sent since the journal was last cleared: `path status`. */
const visitPosts = () =>
  lastVisitRequests(server.requests())
    .filter((line) => line.startsWith('POST '))
    .map((line) => line.slice('POST '.length));

/** Sets the first tracker of the list (a fresh install shows an empty form there). */
async function configure(url: string, key: string): Promise<Page> {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').first().fill(url);
  await options.getByLabel('API key').first().fill(key);
  await options.getByRole('button', { name: 'Save' }).first().click();
  return options;
}

const openPopup = (colorScheme: 'light' | 'dark' = 'light') => openSharedPopup(browser, colorScheme);

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
  await page.goto(`${server.url}show_bug.cgi?id=2`);
  await expect.poll(() => lastVisit(2)).not.toBeNull();
  const stamped = Date.parse((await lastVisit(2)) as string);
  expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  expect(stamped).toBeLessThanOrEqual(Date.now());

  await page.goto(`${server.url}show_bug.cgi?id=first-bug`);
  await expect.poll(() => lastVisit(1)).not.toBeNull();
  await page.close();
});

test('a reload is a visit too; a #fragment on the same page is not', async () => {
  server.clearRequests();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}show_bug.cgi?id=5`);
  await expect.poll(visitPosts).toEqual(['/rest/bug_user_last_visit/5 200']);
  await page.reload();
  await expect.poll(visitPosts).toHaveLength(2);
  await page.evaluate(() => {
    location.hash = 'c1';
  });
  await page.reload();
  await expect.poll(visitPosts).toHaveLength(3);
  expect(visitPosts()).toEqual(Array(3).fill('/rest/bug_user_last_visit/5 200'));
  await page.close();
});

test('other pages of the tracker are not visits', async () => {
  server.clearRequests();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}buglist.cgi`);
  await page.goto(server.url);
  await page.goto(`${server.url}rest/bug_user_last_visit/4?Bugzilla_api_key=${KEY}`);
  // A bug page afterwards shows the background is working: by the time it lands, the others would have too.
  await page.goto(`${server.url}show_bug.cgi?id=3`);
  await expect.poll(visitPosts).toEqual(['/rest/bug_user_last_visit/3 200']);
  expect(await lastVisit(4)).toBeNull();
  await page.close();
});

test('the popup shows the instance and the recent visits', async () => {
  const popup = await openPopup();
  await expect(popup.getByText('Signed in as tester@example.com')).toBeVisible();
  await expect(popup.locator('dd').first()).toHaveText('5.2');
  await popup.getByText('About this tracker').click();
  await expect(popup.getByText('BugModal 1.0')).toBeVisible();
  await expect(popup.getByText('+0000')).toBeVisible();
  await expect(popup.getByText('Database and web server agree.')).toBeVisible();
  const recent = popup.getByTestId('recent-visits');
  await expect(recent.getByRole('link', { name: /^#3\b/ })).toBeVisible();
  await expect(recent.getByRole('link', { name: /^#2\b/ })).toHaveAttribute('href', `${server.url}show_bug.cgi?id=2`);
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup.png') });
  const dark = await openPopup('dark');
  await expect(dark.getByTestId('recent-visits')).toBeVisible();
  await dark.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-dark.png') });
  await Promise.all([popup.close(), dark.close()]);
});

test('the popup first paints what it showed last time, then its app takes over once the tracker answers', async () => {
  // The tracker's version does not come: only what was kept can be on screen.
  server.fault({ path: '/rest/version', hang: true, times: 1 });
  const waiting = await browser.context.newPage();
  await waiting.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(waiting.locator('main[aria-busy="true"]')).toBeVisible();
  await expect(waiting.locator('dd').first()).toHaveText('5.2');
  await expect(waiting.getByTestId('recent-visits').getByRole('link', { name: /^#3\b/ })).toBeVisible();
  await waiting.close();
  server.clearFaults();
  // The app, loaded after that first frame, renders over it with the tracker's answers.
  const popup = await openPopup();
  await expect(popup.getByText('Signed in as tester@example.com')).toBeVisible();
  await popup.close();
});

test('with the tracker unreachable a visit is queued, shown on the badge, and delivered when it is back', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}show_bug.cgi?id=4`);
  await expect.poll(() => lastVisit(4)).not.toBeNull();
  // Every API call loses its connection; the bug page itself still loads, as one from the cache would.
  server.fault({ path_prefix: '/rest/', reset: true });
  server.clearRequests();

  await page.goto(`${server.url}show_bug.cgi?id=1`);
  await expect.poll(async () => (await browser.badge()).text).toBe('!');
  expect((await browser.badge()).title).toMatch(/cannot be reached.*\n1 visit waiting to be sent/s);
  const offline = await openPopup();
  await expect(offline.getByRole('alert')).toContainText('cannot be reached');
  await expect(offline.getByTestId('delivery')).toContainText('1 visit queued (bug 1)');
  await offline.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-offline.png') });
  await offline.close();
  expect(visitPosts()).toContain('/rest/bug_user_last_visit/1 null');
  expect(visitPosts().filter((line) => !line.endsWith(' null'))).toEqual([]);

  server.clearFaults();
  server.clearRequests();
  const popup = await openPopup();
  await popup.getByRole('button', { name: 'Retry now' }).click();
  await expect.poll(async () => (await browser.badge()).text).toBe('');
  expect(visitPosts()).toEqual(['/rest/bug_user_last_visit/1 200']);
  await Promise.all([popup.close(), page.close()]);
});

test('a tracker that never answers is given up on: the visit stays queued, the popup opens, and it is delivered later', async () => {
  server.fault({ path_prefix: '/rest/', hang: true });
  server.clearRequests();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}show_bug.cgi?id=2`);
  // The extension gives up on an answer after its request timeout (15 s), not at once.
  await expect.poll(async () => (await browser.badge()).text, { timeout: 40_000 }).toBe('!');
  expect((await browser.badge()).title).toMatch(/cannot be reached/);
  // Sent, never answered (the minute's alarm may have tried again).
  expect(new Set(visitPosts())).toEqual(new Set(['/rest/bug_user_last_visit/2 null']));
  const offline = await browser.openExtensionPage('src/popup/index.html');
  await expect(offline.locator('main:not([aria-busy])')).toBeVisible({ timeout: 40_000 });
  await expect(offline.getByTestId('delivery')).toContainText('1 visit queued (bug 2)');
  await offline.close();

  server.clearFaults();
  server.clearRequests();
  const popup = await openPopup();
  await popup.getByRole('button', { name: 'Retry now' }).click();
  // A retry still hanging from before the faults were cleared holds the queue until it is given up on.
  await expect.poll(visitPosts, { timeout: 40_000 }).toEqual(['/rest/bug_user_last_visit/2 200']);
  // Nothing waits to be sent any more; the badge's "!" may stay until the next look for changes (at most
  // once a minute) finds the tracker answering again, as the failed look of the hang said it could not.
  await expect.poll(async () => (await browser.badge()).title, { timeout: 40_000 }).not.toMatch(/waiting to be sent/);
  await Promise.all([popup.close(), page.close()]);
});

test('a key the tracker no longer takes is explained in the popup', async () => {
  // Save refuses a wrong key (options-save.spec.ts); a key revoked on the tracker later is found by the popup.
  await (await browser.worker()).evaluate(async () => {
    const chrome = (
      globalThis as unknown as {
        chrome: {
          storage: { local: { get(k: null): Promise<Record<string, unknown>>; set(v: object): Promise<void> } };
        };
      }
    ).chrome;
    const keys = Object.keys(await chrome.storage.local.get(null)).filter((key) => key.startsWith('apiKey:'));
    await chrome.storage.local.set(Object.fromEntries(keys.map((key) => [key, 'NotTheRightKey'])));
  });
  const popup = await openPopup();
  await expect(popup.getByRole('alert')).toContainText('The tracker rejected this API key');
  await expect(popup.getByRole('button', { name: 'Open options' })).toBeVisible();
  await expect(popup.locator('dd').first()).toHaveText('5.2');
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-error.png') });
  await popup.close();
});

test('a tracker whose clocks disagree is flagged', async () => {
  server.clock.setDbTimeOffset(120);
  try {
    const options = await configure(server.url, KEY);
    await expect(options.getByRole('status')).toHaveText(/Signed in as/);
    await options.close();
    const popup = await openPopup();
    await expect(popup.getByTestId('clock-warning')).toContainText('120 s ahead of its web server');
    await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-skew.png') });
    await popup.close();
  } finally {
    server.clock.setDbTimeOffset(0);
  }
});
