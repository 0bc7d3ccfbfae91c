import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { expect, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';

/**
 * Desktop notifications, opt-in per tracker: a bug you visited, changed by
 * someone else, is told once by `chrome.notifications` (read back from the
 * service worker), its id the bug page at the first new comment. Clicking a
 * system notification cannot be driven from here: the click is unit-tested
 * (what-changed.test.ts), through the same platform event.
 */
const ME = 'nora@example.com';
const OTHER = 'otto@example.com';
const KEY = 'NotifyMeKey3456789abcdefghijklmnopqrstuv';
const OTHER_KEY = 'NotifyOtherKey56789abcdefghijklmnopqrstu';

let server: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await startServer({
    fixture: {
      users: [
        { login: ME, api_keys: [KEY] },
        { login: OTHER, api_keys: [OTHER_KEY] },
      ],
      bugs: [1, 2].map((id) => ({
        id,
        reporter: ME,
        summary: `Crash number ${id}`,
        comments: [{ author: ME, time: '2026-11-01T09:00:00Z', text: 'The description.' }],
      })),
    },
  });
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ChromeApis {
  notifications: { getAll(): Promise<Record<string, boolean>> };
  alarms: {
    get(name: string): Promise<{ periodInMinutes?: number } | undefined>;
    create(name: string, info: { when: number; periodInMinutes?: number }): Promise<void>;
  };
}

const shown = async () =>
  Object.keys(
    await (await browser.worker()).evaluate(() =>
      (globalThis as unknown as { chrome: ChromeApis }).chrome.notifications.getAll(),
    ),
  );

/** When the recent visits' news was last refreshed (the newest of the trackers' kept snapshots). */
const lastRefresh = async () =>
  (await browser.worker()).evaluate(async () => {
    const chrome = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } };
      }
    ).chrome;
    const stored = await chrome.storage.local.get(null);
    // A snapshot is kept as a JSON string (storage/news-value.ts).
    const at = (value: unknown) => (JSON.parse(String(value)) as { at?: number }).at ?? 0;
    return Math.max(
      0,
      ...Object.entries(stored).flatMap(([key, value]) => (key.startsWith('news:') ? [at(value)] : [])),
    );
  });

/** The extension's own "what changed" alarm, fired now rather than in its period. */
async function runNewsAlarm(): Promise<void> {
  await (await browser.worker()).evaluate(async () => {
    const { alarms } = (globalThis as unknown as { chrome: ChromeApis }).chrome;
    const period = (await alarms.get('what-changed'))?.periodInMinutes ?? 10;
    await alarms.create('what-changed', { when: Date.now() + 100, periodInMinutes: period });
  });
}

async function visitAndWait(bug: number): Promise<void> {
  const mine = createClient({ baseUrl: server.url, apiKey: KEY });
  const page = await browser.context.newPage();
  await page.goto(`${server.url}show_bug.cgi?id=${bug}`);
  await expect.poll(async () => (await mine.lastVisit.get(bug))[0]?.last_visit_ts ?? null).not.toBeNull();
  await page.close();
  // Visits and comments are stamped to the second, and what is newer counts.
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

test('off by default: a changed bug is counted, not notified', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').fill(server.url);
  await options.getByLabel('API key').fill(KEY);
  await expect(options.getByLabel('Notify me on this computer when a bug I visited changes')).not.toBeChecked();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText(/Signed in as nora@example\.com/);
  await options.close();
  await visitAndWait(1);
  await createClient({ baseUrl: server.url, apiKey: OTHER_KEY }).bugs.addComment(1, { comment: 'Me too.' });
  await runNewsAlarm();
  await expect.poll(async () => (await browser.badge()).text).toBe('1');
  expect(await shown()).toEqual([]);
});

test('turned on: one notification per bug changed since, opening it at its first new comment, told once; nothing older', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Notify me on this computer when a bug I visited changes').check();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText(/Signed in as/);
  await options.close();
  await visitAndWait(2);
  await createClient({ baseUrl: server.url, apiKey: OTHER_KEY }).bugs.addComment(2, { comment: 'Fixed upstream.' });
  await runNewsAlarm();
  // Bug 1 changed before they were turned on: not told.
  await expect.poll(shown).toEqual([`${server.url}show_bug.cgi?id=2#c1`]);
  // The next look finds the same changes: nothing told again.
  await (await browser.worker()).evaluate(async () => {
    const { notifications } = (
      globalThis as unknown as {
        chrome: ChromeApis & { notifications: { clear(id: string): Promise<boolean> } };
      }
    ).chrome;
    for (const id of Object.keys(await notifications.getAll())) await notifications.clear(id);
  });
  const before = await lastRefresh();
  await runNewsAlarm();
  await expect.poll(lastRefresh).toBeGreaterThan(before);
  expect(await shown()).toEqual([]);
});
