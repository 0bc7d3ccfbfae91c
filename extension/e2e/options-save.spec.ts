import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BzServer, startServer } from '@bz-companion/server';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';

/**
 * Save checks the tracker before it stores anything, and says what to fix,
 * by the labels a user reads ("Tracker URL", "API key", "Save", "Add tracker").
 */
const KEY = 'OptionsSaveKey789abcdefghijklmnopqrstuvw';

let server: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await startServer({
    fixture: { users: [{ login: 'sam@example.com', api_keys: [KEY] }], bugs: [{ id: 1 }] },
  });
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The trackers as stored (sync), from the service worker. */
async function storedTrackers(): Promise<Array<{ url: string }>> {
  return (await browser.worker()).evaluate(async () => {
    const chrome = (
      globalThis as unknown as { chrome: { storage: { sync: { get(k: string[]): Promise<{ trackers?: [] }> } } } }
    ).chrome;
    return (await chrome.storage.sync.get(['trackers'])).trackers ?? [];
  });
}

async function fillAndSave(options: Page, url: string, key: string, nth = 0): Promise<void> {
  await options.getByLabel('Tracker URL').nth(nth).fill(url);
  await options.getByLabel('API key').nth(nth).fill(key);
  await options.getByRole('button', { name: 'Save', exact: true }).nth(nth).click();
}

/** A loopback port where nothing listens. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/`;
}

test('Save refuses a URL with no REST API under it, says where it looked, and keeps the form', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await fillAndSave(options, `${server.url}x/`, KEY);
  await expect(options.getByRole('status')).toHaveText(
    `No Bugzilla REST API at ${server.url}x/rest/ (404). Is the URL the tracker's front page?`,
  );
  await expect(options.getByLabel('Tracker URL')).toHaveValue(`${server.url}x/`);
  await expect(options.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
  // The tracker's own words are there, folded.
  await options.getByText('Details').click();
  await expect(options.locator('.details p')).toContainText('32614');
  const { violations } = await new AxeBuilder({ page: options }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(await storedTrackers()).toEqual([]);
  await options.close();
});

test('Save refuses https:// for a tracker that answers on http:// only', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await fillAndSave(options, server.url.replace(/^http:/, 'https:'), KEY);
  await expect(options.getByRole('status')).toContainText('This tracker answers on http://, not https://');
  expect(await storedTrackers()).toEqual([]);
  await options.close();
});

test('Save refuses a key the tracker rejects', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await fillAndSave(options, server.url, 'NotTheRightKey');
  await expect(options.getByRole('status')).toContainText('The tracker rejected this API key');
  await expect(options.getByRole('status')).not.toContainText('Saved');
  await expect(options.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(options.getByLabel('Tracker URL')).not.toHaveAttribute('aria-invalid', 'true');
  await options.screenshot({ path: join(SCREENSHOTS, 'options-key-rejected.png'), fullPage: true });
  expect(await storedTrackers()).toEqual([]);
  await options.close();
});

test('an unreachable tracker is refused, and stored when the user says "Save anyway"', async () => {
  const dead = await deadUrl();
  const options = await browser.openExtensionPage('src/options/index.html');
  await fillAndSave(options, dead, KEY);
  await expect(options.getByRole('status')).toContainText('cannot be reached');
  expect(await storedTrackers()).toEqual([]);
  await options.getByRole('button', { name: 'Save anyway' }).click();
  await expect(options.getByRole('status')).toContainText('Saved without a check');
  expect(await storedTrackers()).toMatchObject([{ url: dead }]);
  await options.close();
});

test('Remove offers Undo, which puts the tracker back with its key', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByRole('button', { name: 'Add tracker' }).click();
  await fillAndSave(options, server.url, KEY, 1);
  await expect(options.getByRole('status').nth(1)).toContainText('Signed in as sam@example.com');
  expect(await storedTrackers()).toHaveLength(2);
  await options.getByRole('button', { name: 'Remove' }).nth(1).click();
  await expect(options.getByTestId('removed')).toContainText(`Removed ${new URL(server.url).host}.`);
  expect((await storedTrackers()).map((t) => t.url)).not.toContain(server.url);
  await options.getByRole('button', { name: 'Undo' }).click();
  await expect(options.getByLabel('Tracker URL')).toHaveCount(2);
  expect((await storedTrackers()).map((t) => t.url)).toContain(server.url);
  await expect(options.getByLabel('API key').nth(1)).toHaveValue(KEY);
  await options.close();
});

test('"Look for changes every (minutes)" refuses 0 and says so', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  const field = options.getByLabel('Look for changes every (minutes)');
  await field.fill('0');
  await field.blur();
  await expect(options.getByRole('alert')).toHaveText(/^At least 1 minute/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('5');
  await field.blur();
  await expect(options.getByRole('alert')).toHaveCount(0);
  await options.close();
});
