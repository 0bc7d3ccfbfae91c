import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type BzServer, startServer } from '@bz-companion/server';
import { forward } from '@bz-companion/server/testing';
import { createClient } from '@bz-companion/shared';
import type { BrowserContext, Page } from '@playwright/test';
import { launchBenchExtension } from './extension-figures.js';

/** The inbox at the size it is built for: trackers, bugs followed on each, bugs changed on each. */
export const TRACKERS = 5;
export const FOLLOWED = 5000;
export const CHANGED = 200;
/** The long list: as many bugs again changed on each tracker (2,000 rows with the defaults). */
export const LONG_LIST = 2 * TRACKERS * CHANGED;

const ME = 'bench-inbox@example.com';
const MY_KEY = 'BenchInboxKey0123456789abcdefghijklmnopq';
const OTHER_KEY = 'BenchInboxOther0123456789abcdefghijklmno';

/** One build of the extension in its own headless Chromium, its trackers seeded and refreshed. */
export interface InboxBrowser {
  /** The build's folder (extension/dist/chromium of a checkout). */
  dist: string;
  context: BrowserContext;
  /** `chrome-extension://<id>` */
  extension: string;
  /** A page of the extension in a tab: drives storage, the refresh and the toolbar popup. */
  page: Page;
  /**
   * Whether this build's inbox first paints what it kept, then the list as
   * stored (`listPaintMs`); a build before that paints the list first.
   */
  keptPaint: boolean;
  /** Requests each tracker received during this browser's refresh of all of them (the first, then the next). */
  requestsFirstRefresh: number[];
  requestsNextRefresh: number[];
  /** storage.local and storage.sync in use after the refreshes, as the browser counts them. */
  localBytes: number;
  syncBytes: number;
}

export interface InboxScene {
  browsers: InboxBrowser[];
  /**
   * The long list: someone else changes CHANGED more bugs of each tracker and every browser refreshes,
   * so what each keeps is what its trackers say (an opening's own refresh keeps the same rows).
   */
  changeMore(): Promise<void>;
  close(): Promise<void>;
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
      // A snapshot as a build keeps it: a JSON string, or (before) the object.
      const at = (value: unknown) =>
        ((typeof value === 'string' ? JSON.parse(value) : value) as { at?: number } | undefined)?.at ?? 0;
      for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
        const kept = await chrome.storage.local.get(keys);
        if (keys.every((key) => at(kept[key]) >= started)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('bench: the refresh did not finish in 3 minutes');
    },
    { trackers },
  );
}

/** Someone else comments on CHANGED bugs of each tracker, from bug `first` on, 25 apart. */
async function changeBugs(servers: BzServer[], first: number): Promise<void> {
  for (const server of servers) {
    const other = createClient({ baseUrl: server.url, apiKey: OTHER_KEY });
    for (let n = 0; n < CHANGED; n++) await other.bugs.addComment(first + n * 25, { comment: `Bench change ${n}.` });
  }
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

/** Whether a build's inbox page loads the kept first paint (public/kept-first-paint.js). */
const hasKeptPaint = (dist: string) =>
  readFileSync(join(dist, 'src/inbox/index.html'), 'utf8').includes('kept-first-paint');

/**
 * TRACKERS companion servers with FOLLOWED bugs each, and each build in
 * `dists` in its own headless Chromium following all of them; then someone
 * else changes CHANGED bugs of each tracker, and each browser refreshes twice
 * in turn (so each tracker's request count is one browser's).
 */
export async function inboxScene(dists: readonly string[]): Promise<InboxScene> {
  const servers = await startTrackers();
  const proxies = await Promise.all(servers.map((server) => countingProxy(server.url)));
  const launched: Array<Awaited<ReturnType<typeof launchBenchExtension>> & { page: Page; dist: string }> = [];
  const close = async () => {
    for (const browser of launched) {
      await browser.context.close();
      rmSync(browser.unpacked, { recursive: true, force: true });
    }
    for (const proxy of proxies) proxy.close();
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    for (const dist of dists) {
      const extension = await launchBenchExtension(dist);
      const page = await extension.context.newPage();
      launched.push({ ...extension, page, dist });
      await page.goto(`${extension.extension}/src/options/index.html`);
      await seedTrackers(
        page,
        proxies.map((proxy) => proxy.url),
      );
    }
    // Someone else comments on CHANGED bugs of each tracker, in a later second than the visits.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await changeBugs(servers, 1);
    const browsers: InboxBrowser[] = [];
    for (const { context, extension, page, dist } of launched) {
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
      browsers.push({
        dist,
        context,
        extension,
        page,
        keptPaint: hasKeptPaint(dist),
        requestsFirstRefresh,
        requestsNextRefresh,
        localBytes: sizes.local,
        syncBytes: sizes.sync,
      });
    }
    return {
      browsers,
      changeMore: async () => {
        // Bugs 13, 38, …: none of the first CHANGED (1, 26, …), all followed.
        await changeBugs(servers, 13);
        for (const browser of browsers) await refreshAll(browser.page, TRACKERS);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
