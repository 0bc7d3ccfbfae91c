import { expect, type Page, test } from '@playwright/test';
import { ORACLE_USER_KEY } from '../src/testing/bugzilla-52.js';
import { serveBugzilla52 } from '../src/testing/bugzilla-52-server.js';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';

/**
 * The built extension against a tracker that answers as the recorded
 * Bugzilla 5.2 (server/test-data/bugzilla-5.2/): no batch route, numbers only
 * in the last-visit path, the key only in the query, empty 200s under load.
 */
let bugzilla: Awaited<ReturnType<typeof serveBugzilla52>>;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  bugzilla = await serveBugzilla52();
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await bugzilla?.close();
});

async function visit(bug: string): Promise<void> {
  const page = await browser.context.newPage();
  await page.goto(`${bugzilla.tracker.url}show_bug.cgi?id=${bug}`);
  await page.close();
}

async function openPopup(): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
  return popup;
}

test('the key is accepted in the query (5.2 has no whoami and ignores the header)', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').first().fill(bugzilla.tracker.url);
  await options.getByLabel('API key').first().fill(ORACLE_USER_KEY);
  await options.getByRole('button', { name: 'Save' }).first().click();
  await expect(options.getByRole('status').first()).toHaveText('Saved. Key accepted (sent as a query parameter).');
  await options.close();
});

test('a visit by alias is recorded under its number, and the popup shows both', async () => {
  await visit('login-blank');
  await expect.poll(() => bugzilla.tracker.visited).toContain(7);
  expect(bugzilla.tracker.journal).toContain('GET /rest/bug/login-blank?include_fields=id');
  const popup = await openPopup();
  await expect(popup.getByTestId('delivery')).toContainText('Sent bug login-blank (bug 7)');
  await popup.close();
});

test('visits queued during empty 200s are delivered one by one, as 5.2 has no batch route', async () => {
  bugzilla.tracker.emptyAnswers = 1_000;
  await visit('8');
  await visit('10');
  await expect.poll(async () => (await browser.badge()).text).toBe('2');
  bugzilla.tracker.emptyAnswers = 0;
  const popup = await openPopup();
  await expect(popup.getByTestId('delivery')).toContainText('2 visits queued (bug 8, 10)');
  await popup.getByRole('button', { name: 'Retry now' }).click();
  await expect.poll(() => bugzilla.tracker.visited).toEqual(expect.arrayContaining([8, 10]));
  await expect.poll(async () => (await browser.badge()).text).toBe('');
  expect(bugzilla.tracker.journal).toContain('POST /rest/bug_user_last_visit');
  await popup.close();
});
