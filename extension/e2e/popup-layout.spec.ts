import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';

/**
 * The popup as a busy user sees it: three trackers, twenty bugs changed by
 * someone else since the visit. It fits Chrome's 800 × 600 with Options in
 * view, lists each changed bug once with who and what, and works by keyboard.
 */
const ME = 'tess@example.com';
const OTHER = 'omar.other@example.com';
const KEY = 'PopupLayoutKey789abcdefghijklmnopqrstuvw';
const OTHER_KEY = 'PopupOtherKey6789abcdefghijklmnopqrstuvw';
const BUGS = Array.from({ length: 20 }, (_, i) => i + 1);
const SUMMARIES = [
  'Login page loops after the session expires',
  'Export to CSV drops the last row of every list with more than a hundred entries',
  'Dark mode: the diff view is unreadable',
  'Search ignores the product filter',
];

const fixture = (withBugs: boolean) => ({
  users: [
    { login: ME, real_name: 'Tess Tester', api_keys: [KEY] },
    { login: OTHER, real_name: 'Omar Other', api_keys: [OTHER_KEY] },
  ],
  bugs: (withBugs ? BUGS : [1]).map((id) => ({
    id,
    reporter: ME,
    summary: `${SUMMARIES[id % SUMMARIES.length]} (${id})`,
    creation_time: '2026-11-01T09:00:00Z',
    comments: [{ author: ME, time: '2026-11-01T09:00:00Z', text: 'The description.' }],
  })),
});

let servers: BzServer[];
let browser: ExtensionBrowser;
const main = () => servers[0] as BzServer;

test.beforeAll(async () => {
  servers = await Promise.all([
    startServer({ fixture: fixture(true) }),
    startServer({ fixture: fixture(false) }),
    startServer({ fixture: fixture(false) }),
  ]);
  browser = await launchWithExtension();
  const options = await browser.openExtensionPage('src/options/index.html');
  for (const [index, server] of servers.entries()) {
    if (index > 0) await options.getByRole('button', { name: 'Add tracker' }).click();
    await options.getByLabel('Tracker URL').nth(index).fill(server.url);
    await options.getByLabel('API key').nth(index).fill(KEY);
    await options.getByRole('button', { name: 'Save', exact: true }).nth(index).click();
    await expect(options.getByRole('status').nth(index)).toHaveText(/Signed in as tess@example\.com/);
  }
  await options.close();
  // Visited on 2 November (the tracker's clock), each changed by someone else since: 20 changed bugs.
  main().clock.set('2026-11-02T08:00:00Z');
  try {
    await createClient({ baseUrl: main().url, apiKey: KEY }).lastVisit.update(BUGS);
  } finally {
    main().clock.set(null);
  }
  const other = createClient({ baseUrl: main().url, apiKey: OTHER_KEY });
  for (const id of BUGS) await other.bugs.addComment(id, { comment: `Looked at ${id} again.` });
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
});

/** The popup in a tab as large as Chrome's largest popup, on the main tracker, once its news is in. */
async function openPopup(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 800, height: 600 });
  await popup.emulateMedia({ colorScheme });
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
  const host = new URL(main().url).host;
  if ((await popup.getByRole('heading', { level: 1 }).innerText()) !== host) {
    await popup.getByTestId('tracker-switcher').getByRole('button', { name: host }).click();
  }
  await expect(popup.getByTestId('changed-since-visit').locator('li')).not.toHaveCount(0);
  return popup;
}

const changedRows = (popup: Page) => popup.getByTestId('changed-since-visit').locator('li');

test('twenty changed bugs and three trackers fit 800 × 600, Options in view, each changed bug once', async () => {
  const popup = await openPopup();
  await expect(changedRows(popup)).toHaveCount(20);
  // All trackers first (every tracker's waiting bugs, the badge's count), then the three trackers.
  await expect(popup.getByTestId('tracker-switcher').getByRole('button')).toHaveCount(4);
  await expect(popup.getByTestId('tracker-switcher').getByRole('button').first()).toHaveText('All trackers 20');
  const size = await popup.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
  }));
  expect(size.height).toBeLessThanOrEqual(600);
  expect(size.width).toBeLessThanOrEqual(800);
  await expect(popup.getByRole('button', { name: 'Options' })).toBeInViewport();
  // Once: no changed bug is listed again under "Recently visited".
  for (const id of [1, 7, 20]) await expect(popup.locator(`li[data-bug="${id}"]`)).toHaveCount(1);
  await expect(popup.getByTestId('recent-visits')).toHaveCount(0);
  await expect(popup.getByText('Every recent visit has changed since: see above.')).toBeVisible();
  // The instance's details are folded.
  await expect(popup.getByTestId('instance')).not.toHaveAttribute('open');
  await popup.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-busy-light.png') });
  const dark = await openPopup('dark');
  await dark.locator('main').screenshot({ path: join(SCREENSHOTS, 'popup-busy-dark.png') });
  await Promise.all([popup.close(), dark.close()]);
});

test('a row says which bug, who changed it, what, and when (local time on hover), on one line each', async () => {
  const popup = await openPopup();
  const row = popup.locator('li[data-bug="2"]');
  await expect(row.getByRole('link')).toHaveText('#2 Dark mode: the diff view is unreadable (2)');
  await expect(row.locator('.meta')).toHaveText(/^1 new comment, by omar\.other · (just now|.+ ago)$/);
  const time = row.locator('time');
  const [title, dateTime] = [await time.getAttribute('title'), await time.getAttribute('datetime')];
  expect(title).toBe(await popup.evaluate((iso) => new Date(iso as string).toLocaleString(), dateTime));
  expect(title).not.toMatch(/T\d\d:.*Z$/);
  // One line for the summary, one for the rest: no wrapping.
  const lineHeights = await row.evaluate((li) =>
    [li.querySelector('.line'), li.querySelector('.meta')].map(
      (el) => (el as HTMLElement).getBoundingClientRect().height,
    ),
  );
  for (const height of lineHeights) expect(height).toBeLessThan(24);
  await expect(row.getByRole('link')).toHaveAttribute('href', `${main().url}show_bug.cgi?id=2#c1`);
  await popup.close();
});

test('one bug is marked as seen on its own; the tracker records that visit only', async () => {
  main().clearRequests();
  const popup = await openPopup();
  await popup.getByRole('button', { name: 'Mark bug 5 as seen' }).click();
  await expect(popup.locator('li[data-bug="5"].changed')).toHaveCount(0);
  await expect(changedRows(popup)).toHaveCount(19);
  const posts = main()
    .requests()
    .filter((r) => r.method === 'POST')
    .map((r) => r.path);
  expect(posts).toEqual(['/rest/bug_user_last_visit/5']);
  await popup.close();
});

test('keyboard: j/k move, m marks the focused bug seen, Enter opens it at its first new comment', async () => {
  const popup = await openPopup();
  const before = await changedRows(popup).count();
  await popup.locator('body').press('j');
  await popup.keyboard.press('j');
  await popup.keyboard.press('k');
  await popup.keyboard.press('j');
  const second = await changedRows(popup).nth(1).getAttribute('data-bug');
  await expect(changedRows(popup).nth(1).getByRole('link')).toBeFocused();
  await popup.keyboard.press('m');
  await expect(changedRows(popup)).toHaveCount(before - 1);
  await expect(popup.locator(`li.changed[data-bug="${second}"]`)).toHaveCount(0);
  // The focus stays in the list, on the row that took its place.
  await expect(changedRows(popup).nth(1).getByRole('link')).toBeFocused();
  const opened = browser.context.waitForEvent('page');
  await popup.keyboard.press('Enter');
  const page = await opened;
  await page.waitForLoadState();
  expect(page.url()).toMatch(/show_bug\.cgi\?id=\d+#c1$/);
  await Promise.all([page.close(), popup.close()]);
});

// Opened from the options page, whose tab is no tracker's, the popup opens on All trackers (issue 36):
// the changed bugs of every tracker in one list.
test('the real toolbar popup (action.openPopup) fits the window Chrome gives it (≤ 600 px; 510 in headless here), Options in view, nothing wrapped', async () => {
  const page = await browser.openExtensionPage('src/options/index.html');
  const measured = await page.evaluate(async () => {
    const chrome = (
      globalThis as unknown as {
        chrome: { action: { openPopup(): Promise<void> }; extension: { getViews(f: { type: 'popup' }): Window[] } };
      }
    ).chrome;
    await chrome.action.openPopup();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const view = chrome.extension.getViews({ type: 'popup' })[0];
      const doc = view?.document;
      const rows = doc?.querySelectorAll('[data-testid="all-trackers"] li').length ?? 0;
      // 17 changed bugs wait: of the 20, the tests above marked two seen and opened one, and an opened
      // bug leaves the list at once. The list may fill in two steps (what was kept, then the refresh):
      // wait for the refreshed one.
      if (view && doc && rows === 17 && !doc.querySelector('main[aria-busy]')) {
        // Chrome resizes a popup to its content a moment after it changes: let it settle.
        let size = '';
        for (let settled = 0; settled < 5; ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const now = `${view.innerWidth}x${view.innerHeight}`;
          settled = now === size ? settled + 1 : 0;
          size = now;
        }
        const options = [...doc.querySelectorAll('footer button')].find((b) => b.textContent === 'Options');
        const optionsBox = options?.getBoundingClientRect();
        const result = {
          rows,
          height: view.innerHeight,
          width: view.innerWidth,
          scrollHeight: doc.documentElement.scrollHeight,
          optionsBottom: optionsBox?.bottom ?? Number.POSITIVE_INFINITY,
          wrapped: [...doc.querySelectorAll('.row .line, .row .meta, h1, .signed-in')].filter(
            (el) => el.getBoundingClientRect().height > 24,
          ).length,
        };
        view.close();
        return result;
      }
      if (Date.now() > deadline)
        throw new Error(
          `the toolbar popup never showed the changed bugs (${rows} rows): ${doc?.body.innerText.slice(0, 300)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  expect(measured.rows).toBe(17);
  expect(measured.height).toBeLessThanOrEqual(600);
  expect(measured.width).toBeLessThanOrEqual(800);
  // Nothing to scroll in the window itself: the lists scroll inside, Options stays in view.
  expect(measured.scrollHeight).toBeLessThanOrEqual(measured.height);
  expect(measured.optionsBottom).toBeLessThanOrEqual(measured.height);
  expect(measured.wrapped).toBe(0);
  await page.close();
});

test('the busy popup passes an accessibility audit (no serious or critical violations), light and dark', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const popup = await openPopup(scheme);
    const { violations } = await new AxeBuilder({ page: popup }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await popup.close();
  }
});
