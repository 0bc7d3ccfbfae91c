import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BzServer, startServer } from '@bz-companion/server';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';

/**
 * The options page with five trackers, as a person sees it: a short list,
 * one tracker open at a time, labels, the settings for every tracker first,
 * a "Saved" beside every control changed, and the same tracker under
 * another name refused with the reason.
 */
const KEY = 'OptionsManyKey123abcdefghijklmnopqrstuvw';
const DOCS = join(SCREENSHOTS, '..', '..', 'docs');

let servers: BzServer[];
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  servers = await Promise.all(
    [1, 2, 3, 4, 5].map(() =>
      startServer({ fixture: { users: [{ login: 'olga@example.com', api_keys: [KEY] }], bugs: [{ id: 1 }] } }),
    ),
  );
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all(servers?.map((server) => server.stop()) ?? []);
});

const openOptions = () => browser.openExtensionPage('src/options/index.html');
const trackerLines = (options: Page) => options.getByTestId('tracker-list').locator('button.tracker-line');

/** The whole page as it looks in a light and in a dark theme: `name-light.png`, `name-dark.png`. */
async function lightAndDark(page: Page, dir: string, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(dir, `${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function audit(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('five trackers added one after the other; each keeps its form and what Save said while this visit lasts', async () => {
  const options = await openOptions();
  for (const [index, server] of servers.entries()) {
    if (index > 0) await options.getByRole('button', { name: 'Add tracker' }).click();
    await options.getByLabel('Tracker URL').nth(index).fill(server.url);
    await options.getByLabel('API key').nth(index).fill(KEY);
    await options.getByRole('button', { name: 'Save', exact: true }).nth(index).click();
    await expect(options.getByRole('status').nth(index)).toHaveText(/Signed in as olga@example\.com/);
  }
  await expect(trackerLines(options)).toHaveCount(5);
  await options.close();
});

test('opened again, the page is short: the settings for every tracker, then one line per tracker', async () => {
  const options = await openOptions();
  await expect(trackerLines(options)).toHaveCount(5);
  await expect(options.getByLabel('Tracker URL')).toHaveCount(0);
  const headings = await options.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual(['For every tracker', 'Trackers (5)']);
  // What follows the user to other browsers, its share of the quota, and what goes first when full.
  const sync = options.getByTestId('sync-usage');
  await expect(sync).toContainText(/In use: \d+\.\d KB of the 100\.0 KB the browser allows/);
  await expect(sync).toContainText('snoozes already over first, then the oldest Done marks');
  await expect(sync).toContainText('No bug marked in the inbox yet.');
  const height = await options.evaluate(() => document.documentElement.scrollHeight);
  // Five open forms made a 2,600 px page; five lines and the settings fit a laptop screen.
  expect(height).toBeLessThan(1000);
  await lightAndDark(options, SCREENSHOTS, 'options-five');
  expect(await audit(options)).toEqual([]);
  await options.close();
});

test('one tracker open at a time; its label is saved as it changes, and the list says it', async () => {
  const options = await openOptions();
  const lines = trackerLines(options);
  await lines.nth(1).click();
  await expect(lines.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(options.getByLabel('Tracker URL')).toHaveCount(1);
  await expect(options.getByLabel('Tracker URL')).toHaveValue(servers[1]?.url ?? '');
  await lines.nth(3).click();
  await expect(lines.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(options.getByLabel('Tracker URL')).toHaveValue(servers[3]?.url ?? '');

  const label = options.getByLabel('Label', { exact: true });
  await expect(label).toHaveAttribute('placeholder', new URL(servers[3]?.url ?? '').host);
  await label.fill('Staging');
  await label.press('Enter');
  await expect(options.locator('.with-note', { has: label }).locator('.saved-note')).toHaveText(
    '✓ Saved: shown as Staging',
  );
  await expect(lines.nth(3).locator('.name')).toHaveText('Staging');

  const notify = options.getByLabel('Notify me on this computer when a bug I visited changes');
  await notify.check();
  await expect(options.locator('.with-note', { has: notify }).locator('.saved-note')).toHaveText('✓ Saved');
  await lightAndDark(options, DOCS, 'options-trackers');
  expect(await audit(options)).toEqual([]);
  await options.close();

  // Kept: the next visit shows the label and the setting.
  const again = await openOptions();
  await expect(trackerLines(again).nth(3).locator('.name')).toHaveText('Staging');
  await trackerLines(again).nth(3).click();
  await expect(again.getByLabel('Notify me on this computer when a bug I visited changes')).toBeChecked();
  await again.close();
});

test('a setting for every tracker says it was saved beside it', async () => {
  const options = await openOptions();
  const badge = options.getByLabel('Count changed bugs on the toolbar badge');
  await badge.uncheck();
  await expect(options.locator('.with-note', { has: badge }).locator('.saved-note')).toHaveText('✓ Saved');
  await badge.check();
  const period = options.getByLabel('Look for changes every (minutes)');
  await period.fill('15');
  await period.blur();
  await expect(options.locator('.with-note', { has: period }).locator('.saved-note')).toHaveText('✓ Saved');
  await options.close();
});

test('the same tracker under another name is refused with the reason, and nothing is added', async () => {
  const options = await openOptions();
  await options.getByRole('button', { name: 'Add tracker' }).click();
  const first = servers[0]?.url ?? '';
  await options.getByLabel('Tracker URL').fill(first.replace('127.0.0.1', 'localhost'));
  await options.getByLabel('API key').fill(KEY);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByRole('status')).toHaveText(
    `${first.replace('127.0.0.1', 'localhost')} is the same tracker as ${new URL(first).host} (${first}), already in the list: localhost and 127.0.0.1 are both this computer. Each tracker can be added once.`,
  );
  await expect(options.getByLabel('Tracker URL')).toHaveAttribute('aria-invalid', 'true');
  await options.screenshot({ path: join(SCREENSHOTS, 'options-same-address.png'), fullPage: true });
  await options.getByRole('button', { name: 'Remove' }).click();
  await expect(trackerLines(options)).toHaveCount(5);
  await options.close();
});
