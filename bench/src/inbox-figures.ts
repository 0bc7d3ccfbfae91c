import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BzServer, startServer } from '@bz-companion/server';
import { forward } from '@bz-companion/server/testing';
import { createClient } from '@bz-companion/shared';
import type { BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_DIST, EMPTY_PAGE, launchBenchExtension } from './extension-figures.js';
import { openAsToolbarPopup, openInTab } from './toolbar-popup.js';

/** The inbox at the size it is built for: trackers, bugs followed on each, bugs changed on each. */
export const TRACKERS = 5;
export const FOLLOWED = 5000;
export const CHANGED = 200;
/** The long list: every changed bug twice over (2,000 rows with the defaults). */
export const LONG_LIST = 2 * TRACKERS * CHANGED;

const ME = 'bench-inbox@example.com';
const MY_KEY = 'BenchInboxKey0123456789abcdefghijklmnopq';
const OTHER_KEY = 'BenchInboxOther0123456789abcdefghijklmno';

export interface InboxFigures {
  /** Requests each tracker received during one refresh of all of them (the first: it also learns how to talk to each). */
  requestsFirstRefresh: number[];
  /** The same for the next refresh, with nothing new. */
  requestsNextRefresh: number[];
  /** Inbox opened to its first paint, from what it kept (TRACKERS × CHANGED rows), ms. */
  inboxFirstPaint: number[];
  /** Inbox opened to its list as stored now on screen (TRACKERS × CHANGED rows read, computed, the screenful drawn), ms. */
  inboxListPaint: number[];
  /** The same with LONG_LIST rows stored (the whole list read and computed, the screenful drawn), ms. */
  inboxLongListPaint: number[];
  rowsShown: number;
  /** The popup's first paint from what it kept, beside an empty extension page's first frame, ms. */
  popupFirstPaint: number[];
  emptyPageFirstFrame: number[];
  /** storage.local and storage.sync in use after the refresh, as the browser counts them. */
  localBytes: number;
  syncBytes: number;
}

/** A proxy in front of a tracker that counts what reaches it. */
async function countingProxy(target: string) {
  const upstream = new URL(target);
  const counter = { requests: 0 };
  const proxy = createServer((incoming, outgoing) => {
    counter.requests++;
    forward(incoming, outgoing, upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`, counter, close: () => proxy.close() };
}

type ChromeStorage = {
  storage: Record<
    'local' | 'sync',
    {
      set(i: object): Promise<void>;
      get(k: null | string[]): Promise<Record<string, unknown>>;
      getBytesInUse(k: null): Promise<number>;
    }
  >;
  alarms: { create(name: string, info: object): void };
};

/** Trackers and their followed bugs written as the extension keeps them (layout 2), opened a minute ago. */
async function seedTrackers(page: Page, urls: string[]): Promise<void> {
  await page.evaluate(
    async ({ urls, key, followed }) => {
      const chrome = (globalThis as unknown as { chrome: ChromeStorage }).chrome;
      const opened = Math.floor(Date.now() / 1000) - 60;
      const record = Object.fromEntries(Array.from({ length: followed }, (_, i) => [String(i + 1), [opened, opened]]));
      const trackers = urls.map((url, i) => ({ id: `bench${i + 1}`, url, authPreference: 'auto', recordVisits: true }));
      await chrome.storage.sync.set({ schemaVersion: 2, trackers });
      const local: Record<string, unknown> = { schemaVersion: 2 };
      for (const tracker of trackers) {
        local[`apiKey:${tracker.id}`] = key;
        local[`followed:${tracker.id}`] = record;
      }
      await chrome.storage.local.set(local);
    },
    { urls, key: MY_KEY, followed: FOLLOWED },
  );
}

/** Runs the background's refresh of every tracker now, and waits until each kept a newer one. */
async function refreshAll(page: Page, trackers: number): Promise<void> {
  await page.evaluate(
    async ({ trackers }) => {
      const chrome = (globalThis as unknown as { chrome: ChromeStorage }).chrome;
      const started = Date.now();
      chrome.alarms.create('what-changed', { when: Date.now() + 50, periodInMinutes: 10 });
      const keys = Array.from({ length: trackers }, (_, i) => `news:bench${i + 1}`);
      for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
        const kept = await chrome.storage.local.get(keys);
        if (keys.every((key) => ((kept[key] as { at?: number } | undefined)?.at ?? 0) >= started)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('bench: the refresh did not finish in 3 minutes');
    },
    { trackers },
  );
}

/** Every changed bug kept twice (the copies numbered past the followed ones): the long list. */
async function doubleKeptRows(page: Page, trackers: number): Promise<void> {
  await page.evaluate(
    async ({ trackers, offset }) => {
      const chrome = (globalThis as unknown as { chrome: ChromeStorage }).chrome;
      const keys = Array.from({ length: trackers }, (_, i) => `news:bench${i + 1}`);
      const kept = await chrome.storage.local.get(keys);
      const next: Record<string, unknown> = {};
      for (const key of keys) {
        const snapshot = kept[key] as { bugs: Array<{ id: number; news: unknown }> };
        const changed = snapshot.bugs.filter((bug) => bug.news);
        next[key] = {
          ...snapshot,
          bugs: [...snapshot.bugs, ...changed.map((bug) => ({ ...bug, id: bug.id + offset }))],
        };
      }
      await chrome.storage.local.set(next);
    },
    { trackers, offset: FOLLOWED },
  );
}

async function startTrackers(): Promise<BzServer[]> {
  const fixture = {
    users: [
      { login: ME, real_name: 'Bench', api_keys: [MY_KEY] },
      { login: 'other@example.com', real_name: 'Other', api_keys: [OTHER_KEY] },
    ],
    bugs: Array.from({ length: FOLLOWED }, (_, i) => ({ id: i + 1, reporter: ME, summary: `Bench bug ${i + 1}` })),
  };
  return Promise.all(Array.from({ length: TRACKERS }, () => startServer({ fixture })));
}

/** Measures the inbox in headless Chromium with the built extension; null when it is not built. */
export async function measureInbox(samples: number): Promise<InboxFigures | null> {
  if (!existsSync(`${CHROMIUM_DIST}/manifest.json`)) return null;
  const servers = await startTrackers();
  const proxies = await Promise.all(servers.map((server) => countingProxy(server.url)));
  const { context, extension, unpacked } = await launchBenchExtension();
  try {
    const page = await context.newPage();
    await page.goto(`${extension}/src/options/index.html`);
    await seedTrackers(
      page,
      proxies.map((proxy) => proxy.url),
    );
    // Someone else comments on CHANGED bugs of each tracker, in a later second than the visits.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const server of servers) {
      const other = createClient({ baseUrl: server.url, apiKey: OTHER_KEY });
      for (let n = 0; n < CHANGED; n++) await other.bugs.addComment(1 + n * 25, { comment: `Bench change ${n}.` });
    }
    const counted = async () => {
      for (const proxy of proxies) proxy.counter.requests = 0;
      await refreshAll(page, TRACKERS);
      return proxies.map((proxy) => proxy.counter.requests);
    };
    const requestsFirstRefresh = await counted();
    const requestsNextRefresh = await counted();
    const sizes = await page.evaluate(async () => {
      const chrome = (globalThis as unknown as { chrome: ChromeStorage }).chrome;
      return {
        local: await chrome.storage.local.getBytesInUse(null),
        sync: await chrome.storage.sync.getBytesInUse(null),
      };
    });
    return {
      requestsFirstRefresh,
      requestsNextRefresh,
      localBytes: sizes.local,
      syncBytes: sizes.sync,
      ...(await measurePaints(context, page, extension, samples)),
    };
  } finally {
    await context.close();
    for (const proxy of proxies) proxy.close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** The inbox's first paint (what the refresh kept, then the long list) and the popup's beside an empty page. */
async function measurePaints(context: BrowserContext, page: Page, extension: string, samples: number) {
  const paints = {
    inboxFirstPaint: [] as number[],
    inboxListPaint: [] as number[],
    inboxLongListPaint: [] as number[],
    rowsShown: 0,
    popupFirstPaint: [] as number[],
    emptyPageFirstFrame: [] as number[],
  };
  const inbox = `${extension}/src/inbox/index.html`;
  for (let i = 0; i < samples; i++) {
    const [first, list] = await openInTab(context, inbox, ['firstPaintMs', 'listPaintMs']);
    paints.inboxFirstPaint.push(first as number);
    paints.inboxListPaint.push(list as number);
  }
  // The popup as the toolbar opens it (a tab where the browser cannot), against an empty page opened alike.
  const viaToolbar = (await openAsToolbarPopup(page, 'src/popup/index.html', ['firstPaintMs'])) !== null;
  const open = async (path: string) =>
    (viaToolbar ? await openAsToolbarPopup(page, path, ['firstPaintMs']) : null) ??
    (await openInTab(context, `${extension}/${path}`, ['firstPaintMs']));
  for (let i = 0; i < samples; i++) {
    paints.popupFirstPaint.push(...(await open('src/popup/index.html')));
    paints.emptyPageFirstFrame.push(...(await open(EMPTY_PAGE)));
  }
  await doubleKeptRows(page, TRACKERS);
  for (let i = 0; i < samples; i++) {
    paints.inboxLongListPaint.push(...(await openInTab(context, inbox, ['listPaintMs'])));
  }
  paints.rowsShown = await rowsListed(context, inbox);
  return paints;
}

/** How many rows the inbox says it lists (its count), to check the long list is whole. */
async function rowsListed(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const count = page.getByTestId('inbox-count');
    await count.waitFor();
    return Number((await count.textContent())?.match(/^(\d+) waiting/)?.[1] ?? Number.NaN);
  } finally {
    await page.close();
  }
}
