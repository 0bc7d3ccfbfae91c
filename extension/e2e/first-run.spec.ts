import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BzServer, startServer } from '@bz-companion/server';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';

/** A new user's first minutes: nothing configured, nothing invented. */
let browser: ExtensionBrowser;
let server: BzServer;
const KEY = 'FirstRunKey3456789abcdefghijklmnopqrstuv';

test.beforeAll(async () => {
  browser = await launchWithExtension({ keepWelcome: true });
  server = await startServer({
    fixture: { users: [{ login: 'new@example.com', api_keys: [KEY] }], bugs: [{ id: 1 }] },
  });
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The popup, opened while `url` is the active tab (as when the toolbar button is clicked on that page). */
async function popupOver(url: string): Promise<{ popup: Page; tab: Page }> {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 460, height: 600 });
  const tab = await browser.context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  return { popup, tab };
}

const optionsUrl = () => `chrome-extension://${browser.extensionId}/src/options/index.html`;

test('on install the options page opens as a welcome, with an empty form and no invented tracker', async () => {
  await expect.poll(() => browser.context.pages().map((page) => page.url())).toContain(optionsUrl());
  const welcome = browser.context.pages().find((page) => page.url() === optionsUrl());
  if (!welcome) throw new Error('no options page');
  await expect(welcome.getByTestId('welcome')).toContainText('It needs two things from you');
  await expect(welcome.getByLabel('Tracker URL')).toHaveCount(1);
  await expect(welcome.getByLabel('Tracker URL')).toHaveValue('');
  await expect(welcome.getByLabel('API key')).toHaveValue('');
  await expect(welcome.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Add tracker' })).toBeVisible();
  await welcome.screenshot({ path: join(SCREENSHOTS, 'options-welcome.png'), fullPage: true });
  // How to pin the button (it sits in the extensions menu after install), with a picture.
  await expect(welcome.getByTestId('pin-step')).toContainText('puzzle-piece button');
  await expect(welcome.getByRole('img', { name: /extensions menu/ })).toBeVisible();
  // Firefox's way differs (the gear beside the name, then Pin to Toolbar): its own picture.
  await expect(welcome.getByRole('img', { name: /Pin to Toolbar/ })).toBeVisible();
  await expect(welcome.getByTestId('pin-step')).toContainText('Pin to Toolbar');
  await welcome.getByTestId('pin-step').screenshot({ path: join(SCREENSHOTS, '..', '..', 'docs', 'welcome-pin.png') });
  const { violations } = await new AxeBuilder({ page: welcome }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const stored = await (await browser.worker()).evaluate(async () => {
    const chrome = (globalThis as unknown as { chrome: { storage: { sync: { get(k: null): Promise<object> } } } })
      .chrome;
    return chrome.storage.sync.get(null);
  });
  expect(stored).toMatchObject({ trackers: [] });
  await welcome.close();
});

test("the API key link points at the tracker's own key page as soon as a URL is typed", async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await expect(options.getByTestId('api-key-link')).toHaveCount(0);
  await options.getByLabel('Tracker URL').fill('bugs.example.org/bugzilla/show_bug.cgi?id=3');
  await expect(options.getByTestId('api-key-link')).toHaveAttribute(
    'href',
    'https://bugs.example.org/bugzilla/userprefs.cgi?tab=apikey',
  );
  await options.close();
});

test('the popup with no tracker says how to add one, and its button opens the options', async () => {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 460, height: 600 });
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.getByTestId('no-tracker')).toContainText('No tracker yet');
  await expect(popup.getByText(/cannot be reached|127\.0\.0\.1/)).toHaveCount(0);
  const opened = browser.context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Add a tracker' }).click();
  expect((await opened).url()).toBe(optionsUrl());
  await popup.close();
});

test('on a Bugzilla page whose tracker is not in the list, the popup offers "Track this tracker" with its URL', async () => {
  const { popup, tab } = await popupOver(`${server.url}show_bug.cgi?id=1`);
  await expect(popup.getByTestId('track-this')).toContainText(server.url);
  const opened = browser.context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Track this tracker' }).click();
  const options = await opened;
  await expect(options.getByLabel('Tracker URL')).toHaveValue(server.url);
  await options.getByLabel('API key').fill(KEY);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByRole('status')).toHaveText(/Signed in as new@example\.com/);
  await Promise.all([options.close(), popup.close(), tab.close()]);

  // Saved as 127.0.0.1: the same server's pages under localhost are another origin, and the popup says so.
  const localhost = server.url.replace('127.0.0.1', 'localhost');
  const again = await popupOver(`${localhost}show_bug.cgi?id=1`);
  await expect(again.popup.getByTestId('track-this')).toContainText(localhost);
  await expect(again.popup.getByRole('heading', { level: 1 })).toHaveText(new URL(server.url).host);
  await Promise.all([again.popup.close(), again.tab.close()]);
});
