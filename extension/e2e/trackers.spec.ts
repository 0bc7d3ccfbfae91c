import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BzServer, startServer } from '@bz-companion/server';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { recordedVisits } from './journal.js';

/**
 * Two trackers side by side: two companion servers on two ports, set up
 * through the options page by its labels, each getting only its own visits.
 */
const KEY_A = 'TrackerAKey0123456789abcdefghijklmnopqrs';
const KEY_B = 'TrackerBKey0123456789abcdefghijklmnopqrs';

const fixture = (login: string, key: string) => ({
  instance: { version: '5.2' },
  users: [{ login, real_name: login, api_keys: [key] }],
  bugs: [{ id: 1, alias: 'shared-alias' }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }, { id: 6 }],
});

let a: BzServer;
let b: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  [a, b] = await Promise.all([
    startServer({ fixture: fixture('alice@a.example', KEY_A) }),
    startServer({ fixture: fixture('bob@b.example', KEY_B) }),
  ]);
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

/** The bugs whose visits a tracker recorded, from its request journal. */
const recorded = (server: BzServer) => recordedVisits(server.requests());

/** Its API unreachable: every call loses its connection (the bug pages still load, as from a cache). */
const takeDown = (server: BzServer) => server.fault({ path_prefix: '/rest/', reset: true });

async function visit(url: string): Promise<void> {
  const page = await browser.context.newPage();
  await page.goto(url);
  await page.close();
}

async function openPopup(): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 460, height: 600 });
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
  return popup;
}

/**
 * Stops the extension's service worker as Chromium does when it is idle:
 * CDP's ServiceWorker.stopAllWorkers, sent from a page of the extension (its
 * storage partition is the worker's).
 */
async function stopServiceWorker(): Promise<void> {
  const page = await browser.openExtensionPage('src/options/index.html');
  const cdp = await browser.context.newCDPSession(page);
  const stopped = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((v) => v.scriptURL.includes(browser.extensionId) && v.runningStatus === 'stopped')) resolve();
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
  await cdp.detach();
  await page.close();
}

test('two trackers are set up through the options page by their labels', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').nth(0).fill(a.url);
  await options.getByLabel('API key').nth(0).fill(KEY_A);
  await options.getByRole('button', { name: 'Save' }).nth(0).click();
  await expect(options.getByRole('status').nth(0)).toHaveText(/Signed in as alice@a\.example/);

  await options.getByRole('button', { name: 'Add tracker' }).click();
  await options.getByLabel('Tracker URL').nth(1).fill(b.url);
  await options.getByLabel('API key').nth(1).fill(KEY_B);
  await options.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(options.getByRole('status').nth(1)).toHaveText(/Signed in as bob@b\.example/);

  // The same URL twice is refused.
  await options.getByRole('button', { name: 'Add tracker' }).click();
  await options.getByLabel('Tracker URL').nth(2).fill(b.url.replace(/\/$/, ''));
  await options.getByRole('button', { name: 'Save' }).nth(2).click();
  await expect(options.getByRole('status').nth(2)).toHaveText(/already in the list/);
  await options.getByRole('button', { name: 'Remove' }).nth(2).click();
  await expect(options.getByLabel('Tracker URL')).toHaveCount(2);

  await options.screenshot({ path: join(SCREENSHOTS, 'options-two-trackers.png'), fullPage: true });
  const keysInSync = await (await browser.worker()).evaluate(async () => {
    const chrome = (globalThis as unknown as { chrome: { storage: { sync: { get(k: null): Promise<object> } } } })
      .chrome;
    return JSON.stringify(await chrome.storage.sync.get(null));
  });
  expect(keysInSync).not.toContain(KEY_A);
  expect(keysInSync).not.toContain(KEY_B);
  await options.close();
});

test('visits to each tracker go to its own server only', async () => {
  await visit(`${a.url}show_bug.cgi?id=2`);
  await visit(`${b.url}show_bug.cgi?id=3`);
  await expect.poll(() => recorded(a)).toEqual(['2']);
  await expect.poll(() => recorded(b)).toEqual(['3']);
});

test('one server down queues only its own visits; the popup switches between trackers', async () => {
  takeDown(b);
  await visit(`${b.url}show_bug.cgi?id=4`);
  await expect.poll(async () => (await browser.badge()).text).toBe('!');
  await visit(`${a.url}show_bug.cgi?id=5`);
  await expect.poll(() => recorded(a)).toContain('5');
  expect((await browser.badge()).text).toBe('!');
  expect((await browser.badge()).title).toContain(`${new URL(b.url).host}: The tracker cannot be reached`);

  const popup = await openPopup();
  const switcher = popup.getByTestId('tracker-switcher');
  // Each tracker with the count of its bugs waiting (none changed here), then its state.
  await expect(switcher.getByRole('button', { name: `${new URL(a.url).host} 0 ok` })).toBeVisible();
  await expect(switcher.getByRole('button', { name: `${new URL(b.url).host} 0 offline` })).toBeVisible();
  await switcher.getByRole('button', { name: new URL(b.url).host }).click();
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(new URL(b.url).host);
  await expect(popup.getByTestId('delivery')).toContainText('1 visit queued (bug 4)');
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-switcher.png') });
  await switcher.getByRole('button', { name: new URL(a.url).host }).click();
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(new URL(a.url).host);
  await expect(popup.getByText('Signed in as alice@a.example')).toBeVisible();
  await popup.close();

  b.clearFaults();
  const back = await openPopup();
  // It opens on the tracker used most recently: a.
  await back
    .getByTestId('tracker-switcher')
    .getByRole('button', { name: new URL(b.url).host })
    .click();
  await back.getByRole('button', { name: 'Retry now' }).click();
  await expect.poll(() => recorded(b)).toContain('4');
  expect(recorded(a)).not.toContain('4');
  // Nothing waits to be sent; the "!" of b's failed look for changes may stay until its next look.
  await expect.poll(async () => (await browser.badge()).title).not.toMatch(/waiting to be sent/);
  await back.close();
});

test('a visit queued before the worker is stopped is delivered by the next worker, to its own tracker', async () => {
  takeDown(a);
  await visit(`${a.url}show_bug.cgi?id=6`);
  await visit(`${a.url}show_bug.cgi?id=shared-alias`);
  await expect.poll(async () => (await browser.badge()).title).toMatch(/2 visits waiting to be sent/);
  await stopServiceWorker();
  a.clearFaults();
  // A page of the other tracker wakes the worker; the alarm or start-up would too.
  await visit(`${b.url}show_bug.cgi?id=5`);
  await expect.poll(() => recorded(b)).toContain('5');
  const popup = await openPopup();
  await popup
    .getByTestId('tracker-switcher')
    .getByRole('button', { name: new URL(a.url).host })
    .click();
  // The worker is stopped again while Retry now is delivering the queue.
  await popup.getByRole('button', { name: 'Retry now' }).click();
  await stopServiceWorker().catch(() => {});
  await popup.close();
  const again = await openPopup();
  await again
    .getByTestId('tracker-switcher')
    .getByRole('button', { name: new URL(a.url).host })
    .click();
  // Retry now shows while the queue still waits; the next worker may deliver it between the look and the
  // click, and the button then leaves the page for good: a click that waited for it would wait the whole
  // test out (and take the shared browser with it). What counts is that the visits arrive, below.
  const retry = again.getByRole('button', { name: 'Retry now' });
  if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => {});
  await expect.poll(() => recorded(a)).toEqual(expect.arrayContaining(['6', 'shared-alias']));
  expect(recorded(b)).not.toContain('6');
  expect(recorded(b)).not.toContain('shared-alias');
  // Nothing waits to be sent; a "!" of a failed look for changes may stay until the next look.
  await expect.poll(async () => (await browser.badge()).title).not.toMatch(/waiting to be sent/);
  await again.close();
});

test('the switcher agrees with the body: a clock skew found on opening shows in both', async () => {
  b.clock.setDbTimeOffset(120);
  try {
    const popup = await openPopup();
    const switcher = popup.getByTestId('tracker-switcher');
    await switcher.getByRole('button', { name: new URL(b.url).host }).click();
    await expect(popup.getByTestId('clock-warning')).toContainText('120 s ahead of its web server');
    await expect(switcher.getByRole('button', { name: `${new URL(b.url).host} 0 clock skew` })).toBeVisible();
    await expect(switcher.getByRole('button', { name: `${new URL(a.url).host} 0 ok` })).toBeVisible();
    await popup.close();
  } finally {
    b.clock.setDbTimeOffset(0);
  }
});

test('the options page and the popup pass an accessibility audit', async () => {
  const pages = [await browser.openExtensionPage('src/options/index.html'), await openPopup()];
  for (const page of pages) {
    await expect(page.locator('main:not([aria-busy])')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Every control can be reached with the keyboard: Tab through the page and see each one focused.
    const controls = await page.evaluate(() => {
      const all = document.querySelectorAll<HTMLElement>('button, input, select, a[href], summary');
      all.forEach((control, index) => {
        control.dataset.control = String(index);
      });
      return all.length;
    });
    const reached = new Set<string>();
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.control ?? ''));
    }
    reached.delete('');
    expect(reached.size).toBe(controls);
    await page.close();
  }
});
