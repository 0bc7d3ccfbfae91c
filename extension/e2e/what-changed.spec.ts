import { join } from 'node:path';
import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension, SCREENSHOTS } from './browser.js';
import { openPopup } from './popup-page.js';

/**
 * What changed since your visit, end to end: the real server (in this
 * process), the built extension in Chromium. Visit bug 3, someone
 * else comments, and the page, the popup and the badge say so.
 */
const ME = 'tess@example.com';
const OTHER = 'omar@example.com';
const KEY = 'WhatChangedKey789abcdefghijklmnopqrstuvw';
const OTHER_KEY = 'OtherUserKey3456789abcdefghijklmnopqrstu';

const paragraphs = (n: number) =>
  Array.from(
    { length: 12 },
    (_, i) => `Line ${i + 1} of comment ${n}: the crash report, the logs, what we tried.`,
  ).join('\n');

const fixture = {
  users: [
    { login: ME, real_name: 'Tess Tester', api_keys: [KEY] },
    { login: OTHER, real_name: 'Omar Other', api_keys: [OTHER_KEY] },
  ],
  bugs: [
    { id: 1, reporter: OTHER, summary: 'Search ignores the product filter' },
    { id: 2, reporter: OTHER, summary: 'Dark mode: the diff view is unreadable' },
    {
      id: 3,
      reporter: OTHER,
      summary: 'Login page loops after the session expires',
      creation_time: '2026-11-01T09:00:00Z',
      comments: [0, 1, 2, 3].map((n) => ({
        author: n % 2 === 0 ? OTHER : ME,
        time: `2026-11-0${n + 1}T10:00:00Z`,
        text: paragraphs(n),
      })),
    },
    {
      id: 4,
      reporter: ME,
      summary: 'Export to CSV drops the last row',
      creation_time: '2026-11-01T09:00:00Z',
      comments: [
        { author: ME, time: '2026-11-01T09:00:00Z', text: 'Steps: export any list of 3 bugs; the file has 2.' },
        { author: OTHER, time: '2026-11-05T10:00:00Z', text: 'Confirmed, the writer never flushes.' },
      ],
      history: [
        // Before the visit: seen.
        { who: OTHER, when: '2026-11-01T12:00:00Z', changes: [{ field_name: 'priority', removed: '--', added: 'P3' }] },
        // After it, by someone else: one change (of two fields).
        {
          who: OTHER,
          when: '2026-11-03T10:00:00Z',
          changes: [
            { field_name: 'status', removed: 'NEW', added: 'ASSIGNED' },
            { field_name: 'assigned_to', removed: 'nobody@example.com', added: OTHER },
          ],
        },
        // After it, but mine: not news to me.
        {
          who: ME,
          when: '2026-11-04T10:00:00Z',
          changes: [{ field_name: 'severity', removed: 'normal', added: 'major' }],
        },
      ],
    },
  ],
};

let server: BzServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await startServer({ fixture });
  browser = await launchWithExtension();
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').first().fill(server.url);
  await options.getByLabel('API key').first().fill(KEY);
  await options.getByRole('button', { name: 'Save' }).first().click();
  await expect(options.getByRole('status')).toHaveText(/Signed in as tess@example\.com/);
  await options.close();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const mine = () => createClient({ baseUrl: server.url, apiKey: KEY });
const bugUrl = (bug: number) => new URL(`show_bug.cgi?id=${bug}`, server.url).href;
const visitedAt = async (bug: number) => (await mine().lastVisit.get(bug))[0]?.last_visit_ts ?? null;

/** Opens a bug page and waits until the tracker has recorded the visit (later than `after`, when given). */
async function visit(bug: number, after: string | null = null): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(bugUrl(bug));
  await expect.poll(() => visitedAt(bug)).not.toBe(after);
  return page;
}

/** Waits for the clock to pass the second of a visit (times are stamped to the second). */
async function afterTheSecondOf(stamp: string | null): Promise<void> {
  if (stamp) await expect.poll(() => Date.now()).toBeGreaterThanOrEqual(Date.parse(stamp) + 1000);
}

/**
 * Someone else comments, in a later second than the visit: visits and
 * comments are stamped to the second, and `new_since` is strictly later.
 */
async function commentAsOther(bug: number, text: string): Promise<number> {
  await afterTheSecondOf(await visitedAt(bug));
  const { id } = await createClient({ baseUrl: server.url, apiKey: OTHER_KEY }).bugs.addComment(bug, { comment: text });
  return id;
}

interface AlarmsApi {
  alarms: {
    get(name: string): Promise<{ periodInMinutes?: number } | undefined>;
    create(name: string, info: { when: number; periodInMinutes?: number }): Promise<void>;
  };
}

/** The extension's "what changed" alarm as Chrome keeps it. */
async function newsAlarm(): Promise<{ periodInMinutes?: number } | undefined> {
  return (await browser.worker()).evaluate(() =>
    (globalThis as unknown as { chrome: AlarmsApi }).chrome.alarms.get('what-changed'),
  );
}

/**
 * Chrome fires the extension's own alarm now rather than in its period's
 * minutes: the same alarm, the same period, only its next time moved, so the
 * refresh runs through `alarms.onAlarm` as it does for a user.
 */
async function runNewsAlarm(): Promise<void> {
  const period = (await newsAlarm())?.periodInMinutes ?? 0;
  expect(period, 'the alarm is scheduled').toBeGreaterThanOrEqual(1);
  await (await browser.worker()).evaluate(
    (periodInMinutes) =>
      (globalThis as unknown as { chrome: AlarmsApi }).chrome.alarms.create('what-changed', {
        when: Date.now() + 100,
        periodInMinutes,
      }),
    period,
  );
}

const banner = (page: Page) => page.getByTestId('bz-companion-banner');

test('the options set how often the alarm looks for changes', async () => {
  await expect.poll(async () => (await newsAlarm())?.periodInMinutes).toBe(10);
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Look for changes every (minutes)').fill('3');
  await options.getByLabel('Look for changes every (minutes)').blur();
  await expect.poll(async () => (await newsAlarm())?.periodInMinutes).toBe(3);
  await options.getByLabel('Look for changes every (minutes)').fill('10');
  await options.getByLabel('Look for changes every (minutes)').blur();
  await expect.poll(async () => (await newsAlarm())?.periodInMinutes).toBe(10);
  await options.close();
});

test('a first visit shows no banner', async () => {
  const page = await visit(1);
  await expect(page.locator('#bug-title')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.close();
});

test('visit bug 3, another user comments: the badge, the popup and the page say "1 new comment"', async () => {
  const first = await visit(3);
  await expect(banner(first)).toHaveCount(0);
  await first.close();
  const seen = await visitedAt(3);
  await commentAsOther(3, 'Reproduced on staging: the redirect drops the session cookie.');

  await runNewsAlarm();
  await expect.poll(async () => (await browser.badge()).text).toBe('1');
  expect((await browser.badge()).title).toMatch(/1 bug you visited changed since/);
  expect((await browser.badge()).color).toEqual([26, 127, 55, 255]); // green: changed bugs, nothing else

  const popup = await openPopup(browser);
  const changed = popup.getByTestId('changed-since-visit');
  await expect(changed).toContainText('Login page loops after the session expires');
  await expect(changed.locator('li[data-bug="3"] .meta')).toContainText('1 new comment, by omar');
  await expect(changed.locator('li[data-bug="3"] .meta')).toHaveAttribute('title', /^1 new comment, latest by omar@/);
  await popup.screenshot({ path: join(SCREENSHOTS, 'popup-what-changed.png') });
  await popup.close();

  server.clearRequests();
  const page = await browser.context.newPage();
  await page.goto(bugUrl(3));
  await expect(banner(page)).toContainText(/^1 new comment since your last visit .+\./);
  await expect.poll(() => visitedAt(3)).not.toBe(seen);
  await page.screenshot({ path: join(SCREENSHOTS, 'banner-light.png') });
  await expect(page.locator('#c4')).not.toBeInViewport();
  await banner(page).getByRole('link', { name: 'Show the first new comment' }).click();
  await expect(page.locator('#c4')).toBeInViewport();
  await expect(page).toHaveURL(/#c4$/);
  // The jump to the comment is no second visit: one POST for this page load (another page's shows the worker kept up).
  const one = await visitedAt(1);
  await afterTheSecondOf(one);
  await (await visit(1, one)).close();
  const posts = server.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/rest/bug_user_last_visit'));
  expect(posts.map((r) => r.path)).toEqual(['/rest/bug_user_last_visit/3', '/rest/bug_user_last_visit/1']);
  await page.close();

  // Seen now: a reload has nothing new to say.
  const seenNow = await visitedAt(3);
  await afterTheSecondOf(seenNow);
  const again = await visit(3, seenNow);
  await expect(again.locator('#c4')).toBeVisible();
  await expect(banner(again)).toHaveCount(0);
  await again.close();
});

test('the banner follows a dark page', async () => {
  const seen = await visitedAt(3);
  await commentAsOther(3, 'A second report from the night shift.');
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(bugUrl(3));
  await expect(banner(page)).toContainText('1 new comment');
  await expect(banner(page)).toHaveClass(/dark/);
  await expect.poll(() => visitedAt(3)).not.toBe(seen);
  await page.screenshot({ path: join(SCREENSHOTS, 'banner-dark.png') });
  await page.close();
});

test('a tracker in trouble marks the badge orange with "!" and never hides the changed count', async () => {
  await commentAsOther(3, 'Seen again after the deploy.');
  await runNewsAlarm();
  await expect.poll(async () => (await browser.badge()).text).toBe('1');
  server.fault({ path_prefix: '/rest/', reset: true });
  try {
    const page = await browser.context.newPage();
    await page.goto(bugUrl(2));
    await expect.poll(async () => (await browser.badge()).text).toBe('1!');
    const badge = await browser.badge();
    expect(badge.color).toEqual([180, 83, 9, 255]);
    expect(badge.title).toMatch(/1 bug you visited changed since\.\n.*The tracker cannot be reached/s);
    await page.close();
  } finally {
    server.clearFaults();
  }
  const popup = await openPopup(browser);
  await popup.getByRole('button', { name: 'Retry now' }).click();
  await expect.poll(async () => (await browser.badge()).text).toBe('1');
  await popup.close();
  // Read now, so the next test starts with nothing new on it.
  const seenNow = await visitedAt(3);
  await afterTheSecondOf(seenNow);
  await (await visit(3, seenNow)).close();
});

test('"Mark all as seen" records the changed bugs as visited, and the popup and badge clear', async () => {
  const before = await visitedAt(3);
  await commentAsOther(3, 'Another one: happens with two tabs open.');
  await runNewsAlarm();
  await expect.poll(async () => (await browser.badge()).text).toBe('1');

  const popup = await openPopup(browser);
  await expect(popup.getByTestId('changed-since-visit')).toContainText('1 new');
  await popup.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect(popup.getByTestId('changed-since-visit')).toHaveCount(0);
  await expect.poll(() => visitedAt(3)).not.toBe(before);
  await expect.poll(async () => (await browser.badge()).text).toBe('');
  await popup.close();
});

test('changes to fields count as changes, leaving out your own', async () => {
  // Visited on 2 November, on the tracker's clock: between bug 4's first change and the later ones.
  server.clock.set('2026-11-02T08:00:00Z');
  try {
    await mine().lastVisit.update(4);
  } finally {
    server.clock.set(null);
  }
  const page = await browser.context.newPage();
  await page.goto(bugUrl(4));
  await expect(banner(page)).toContainText(/^1 new comment and 1 change since your last visit .+\./);
  await page.close();
});
