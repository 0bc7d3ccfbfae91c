import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { expect, type Page } from '@playwright/test';
import type { ExtensionBrowser } from './browser.js';

/**
 * Trackers with bugs others changed since the user last saw them: each a
 * real companion server (in this process), its bugs' news at times relative
 * to now, set up in the extension as the options page would save them, and
 * the bugs followed as if opened two hours ago.
 */
export const ME = 'tess@example.com';
export const OTHER = 'omar.other@example.com';
export const KEY = 'InboxTesterKey6789abcdefghijklmnopqrstuv';
export const OTHER_KEY = 'InboxOtherKey56789abcdefghijklmnopqrstu';

const ago = (minutes: number) => `${new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 19)}Z`;

export interface SeedBug {
  id: number;
  summary: string;
  product?: string;
  component?: string;
  /** Minutes ago the other person made the change. */
  changedAgo: number;
  priority?: [string, string];
  status?: [string, string];
  comment?: string;
  /** Who filed it (default: the user, so the user is involved). */
  reporter?: string;
}

export function fixtureOf(bugs: readonly SeedBug[]) {
  return {
    users: [
      { login: ME, real_name: 'Tess Tester', api_keys: [KEY] },
      { login: OTHER, real_name: 'Omar Other', api_keys: [OTHER_KEY] },
    ],
    bugs: bugs.map((bug) => ({
      id: bug.id,
      reporter: bug.reporter ?? ME,
      summary: bug.summary,
      product: bug.product ?? 'TestProduct',
      component: bug.component ?? 'TestComponent',
      priority: bug.priority?.[1] ?? '--',
      status: bug.status?.[1] ?? 'NEW',
      comments: [
        { author: bug.reporter ?? ME, time: ago(600), text: 'The description.' },
        ...(bug.comment ? [{ author: OTHER, time: ago(bug.changedAgo), text: bug.comment }] : []),
      ],
      history: [
        ...(bug.priority
          ? [
              {
                who: OTHER,
                when: ago(bug.changedAgo),
                changes: [{ field_name: 'priority', removed: bug.priority[0], added: bug.priority[1] }],
              },
            ]
          : []),
        ...(bug.status
          ? [
              {
                who: OTHER,
                when: ago(bug.changedAgo),
                changes: [{ field_name: 'bug_status', removed: bug.status[0], added: bug.status[1] }],
              },
            ]
          : []),
      ],
    })),
  };
}

export interface SeededTracker {
  id: string;
  label: string;
  server: BzServer;
}

interface ChromeStorage {
  chrome: { storage: Record<'sync' | 'local', { set(items: object): Promise<void>; get(k: null): Promise<object> }> };
}

type TrackerSeed = {
  id: string;
  label: string;
  bugs: readonly SeedBug[];
  profile?: 'bugzilla-5.2' | 'bugzilla-5.1' | 'bmo';
};

/** One companion server per tracker, with its bugs. */
export async function startTrackers(trackers: ReadonlyArray<TrackerSeed>): Promise<SeededTracker[]> {
  return Promise.all(
    trackers.map(async ({ id, label, bugs, profile }) => ({
      id,
      label,
      server: await startServer({
        fixture: fixtureOf(bugs),
        ...(profile ? { profile } : {}),
      } as Parameters<typeof startServer>[0]),
    })),
  );
}

/**
 * What the options page would store for these trackers (storage.sync: the list; storage.local: the keys),
 * with their bugs followed as if opened two hours ago. The list is written first: local entries of
 * trackers not in the list are dropped as a removed tracker's.
 */
export function storageFor(trackers: ReadonlyArray<SeededTracker & { bugs: readonly SeedBug[] }>) {
  const seenSeconds = Math.floor((Date.now() - 2 * 60 * 60_000) / 1000);
  const sync = {
    schemaVersion: 2,
    trackers: trackers.map((t) => ({
      id: t.id,
      url: t.server.url,
      authPreference: 'auto',
      recordVisits: true,
      label: t.label,
    })),
  };
  const local: Record<string, unknown> = { schemaVersion: 2 };
  for (const t of trackers) {
    local[`apiKey:${t.id}`] = KEY;
    local[`followed:${t.id}`] = Object.fromEntries(t.bugs.map((bug) => [bug.id, [seenSeconds, seenSeconds]]));
  }
  return { sync, local };
}

/** Starts one server per tracker and writes the trackers, keys and followed bugs into the extension's storage. */
export async function seedTrackers(
  browser: ExtensionBrowser,
  trackers: ReadonlyArray<TrackerSeed>,
): Promise<SeededTracker[]> {
  const seeded = await startTrackers(trackers);
  const { sync, local } = storageFor(seeded.map((t, index) => ({ ...t, bugs: trackers[index]?.bugs ?? [] })));
  await (await browser.worker()).evaluate(
    async ([syncItems, localItems]) => {
      const { storage } = (globalThis as unknown as ChromeStorage).chrome;
      await storage.sync.set(syncItems as object);
      await storage.local.set(localItems as object);
    },
    [sync, local] as const,
  );
  return seeded;
}

/** The inbox page, after a refresh of every tracker asked from it (as the alarm would). */
export async function openInbox(
  browser: ExtensionBrowser,
  { colorScheme = 'light' as 'light' | 'dark', refresh = true, width = 1200, height = 760 } = {},
): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme });
  await page.goto(`chrome-extension://${browser.extensionId}/src/inbox/index.html`);
  if (refresh) await refreshAll(page);
  await expect(page.locator('main.inbox:not([aria-busy])')).toBeVisible();
  return page;
}

/** Asks the background to refresh every tracker now, from an extension page. */
export async function refreshAll(page: Page): Promise<void> {
  await page.evaluate(() =>
    (
      globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
    ).chrome.runtime.sendMessage({ type: 'refresh-news' }),
  );
}

/** Someone else comments on a bug now. */
export async function commentAsOther(server: BzServer, bug: number, text: string): Promise<void> {
  // In the query: Bugzilla 5.2 ignores the header.
  await createClient({ baseUrl: server.url, apiKey: OTHER_KEY, authMode: 'query' }).bugs.addComment(bug, {
    comment: text,
  });
}

export const rowOf = (page: Page, bug: number, tracker = 't1') =>
  page.locator(`.inbox-row[data-bug="${bug}"][data-tracker="${tracker}"]`);
