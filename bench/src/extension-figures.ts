import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumExecutable, closeWelcomeTab, forward } from '@bz-companion/server/testing';
import { createClient } from '@bz-companion/shared';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { addPageMarks } from './page-marks.js';
import { openAsToolbarPopup, openInTab, type PageMark, type PopupOpener } from './toolbar-popup.js';

export const CHROMIUM_DIST = fileURLToPath(new URL('../../extension/dist/chromium', import.meta.url));

export interface ExtensionFigures {
  /** Bug page `load` to the visit's POST arriving at the tracker, ms. */
  pageLoadToPost: number[];
  /** Bug page `load` to the "what changed" banner on screen (someone else commented since the visit), ms. */
  pageLoadToBanner: number[];
  /** Popup opened to its first paint with nothing kept from last time (the network first, as before), ms. */
  popupFirstPaintUncached: number[];
  /** Popup opened to its first paint from what it kept last time, ms. */
  popupFirstPaint: number[];
  /** Popup opened to all its data on screen, ms. */
  popupToData: number[];
  /**
   * An empty page of the extension opened the same way to its first frame, ms:
   * what opening any extension page costs in this browser on this machine, the
   * floor under the popup's first paint.
   */
  emptyPageFirstFrame: number[];
  /** How the popup was opened: the real toolbar popup, or (a browser without `action.openPopup`) a tab. */
  popupOpenedAs: PopupOpener;
}

export const EMPTY_PAGE = 'bench-empty-page.html';

/**
 * A copy of the built extension with an empty page added (one script that
 * marks its first frame as the popup's is marked), and the script that marks
 * the popup's and the inbox's paints (page-marks.ts), so the bench never
 * changes the extension it measures.
 */
export function extensionWithEmptyPage(dist = CHROMIUM_DIST): string {
  const dir = mkdtempSync(join(tmpdir(), 'bz-companion-bench-extension-'));
  cpSync(dist, dir, { recursive: true });
  writeFileSync(
    join(dir, 'bench-empty-page.js'),
    'requestAnimationFrame(() => { document.documentElement.dataset.firstPaintMs ??= String(Math.round(performance.now())); });\n',
  );
  writeFileSync(
    join(dir, EMPTY_PAGE),
    '<!doctype html><html lang="en"><body><div id="app"></div><script src="/bench-empty-page.js"></script></body></html>\n',
  );
  addPageMarks(dir);
  return dir;
}

/** Headless Chromium with a copy of the built extension (`dist`, and its empty page), the welcome tab closed. */
export async function launchBenchExtension(dist = CHROMIUM_DIST): Promise<{
  context: BrowserContext;
  extension: string;
  unpacked: string;
}> {
  const unpacked = extensionWithEmptyPage(dist);
  const context = await chromium.launchPersistentContext('', {
    ...chromiumExecutable(),
    headless: true,
    args: [`--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  await closeWelcomeTab(context, extensionId);
  return { context, extension: `chrome-extension://${extensionId}`, unpacked };
}

/**
 * Forgets what the popup kept (its HTML in localStorage, its data in
 * storage.local), from another page of the extension, so the next opening
 * paints from the network as it did before.
 */
async function forgetPopupCache(extensionPage: Page): Promise<void> {
  await extensionPage.evaluate(async () => {
    localStorage.removeItem('bz-companion:popup-paint');
    const local = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(k: null): Promise<object>; remove(k: string[]): Promise<void> } } };
      }
    ).chrome.storage.local;
    await local.remove(Object.keys(await local.get(null)).filter((key) => key.startsWith('popupCache:')));
  });
}

const now = () => performance.timeOrigin + performance.now();

/**
 * A pass-through proxy in front of the tracker that notes when each visit
 * POST arrives, on this machine's clock, which the browser's page timings
 * share. The extension and the bug pages both go through it (one origin).
 */
async function recordingProxy(target: string) {
  const upstream = new URL(target);
  const arrivals = new Map<string, number>();
  const proxy = createServer((incoming, outgoing) => {
    if (incoming.method === 'POST' && incoming.url?.startsWith('/rest/bug_user_last_visit/')) {
      arrivals.set(incoming.url.split('?')[0]?.split('/').pop() ?? '', now());
    }
    forward(incoming, outgoing, upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, arrivals, close: () => proxy.close() };
}

/** Measures the built extension in headless Chromium against a running tracker; null when it cannot run here. */
export async function measureExtension(
  trackerUrl: string,
  apiKey: string,
  samples: number,
  /** Another user's key: their comments are what the banner and the popup report. */
  otherApiKey: string,
): Promise<ExtensionFigures | null> {
  if (!existsSync(`${CHROMIUM_DIST}/manifest.json`)) return null;
  const proxy = await recordingProxy(trackerUrl);
  const { context, extension, unpacked } = await launchBenchExtension();
  try {
    const options = await context.newPage();
    await addTracker(options, extension, `${proxy.url}/`, apiKey);
    const figures: ExtensionFigures = {
      pageLoadToPost: [],
      pageLoadToBanner: [],
      popupFirstPaintUncached: [],
      popupFirstPaint: [],
      popupToData: [],
      emptyPageFirstFrame: [],
      popupOpenedAs: 'tab',
    };
    const page = await context.newPage();
    await measureVisits(page, proxy, samples, figures);
    // Someone else comments on every visited bug, in a later second than the visits (stamped to the second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const other = createClient({ baseUrl: trackerUrl, apiKey: otherApiKey });
    for (let i = 1; i <= samples; i++) await other.bugs.addComment(i, { comment: `Benchmark comment on bug ${i}.` });
    await measureBanners(page, proxy.url, samples, figures);
    await measurePopup(context, options, extension, samples, figures);
    return figures;
  } finally {
    await context.close();
    proxy.close();
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** Adds the tracker on the options page, as a user would. */
async function addTracker(options: Page, extension: string, url: string, apiKey: string): Promise<void> {
  await options.goto(`${extension}/src/options/index.html`);
  await options.getByLabel('Tracker URL').fill(url);
  await options.getByLabel('API key').fill(apiKey);
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByText(/Signed in as/).waitFor();
}

/** Page load to the visit POST's arrival at the tracker, per bug page. */
async function measureVisits(
  page: Page,
  proxy: { url: string; arrivals: Map<string, number> },
  samples: number,
  figures: ExtensionFigures,
): Promise<void> {
  for (let i = 1; i <= samples; i++) {
    await page.goto(`${proxy.url}/show_bug.cgi?id=${i}`);
    const loadedAt = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance.timeOrigin + (navigation?.loadEventStart ?? 0);
    });
    const deadline = Date.now() + 10_000;
    while (!proxy.arrivals.has(String(i)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    const arrived = proxy.arrivals.get(String(i));
    if (arrived !== undefined) figures.pageLoadToPost.push(arrived - loadedAt);
  }
}

/**
 * When the banner is put in the page, in the page's clock: noted by the bench's own script in the
 * tracker's page (the extension writes nothing there but its banner).
 */
function noteBannerShown(): void {
  new MutationObserver((_, observer) => {
    if (!document.getElementById('bz-companion-banner')) return;
    document.documentElement.dataset.benchBannerMs ??= String(Math.round(performance.now()));
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** Page load to the "what changed" banner, per bug page someone else has commented on since. */
async function measureBanners(page: Page, url: string, samples: number, figures: ExtensionFigures): Promise<void> {
  await page.addInitScript(noteBannerShown);
  for (let i = 1; i <= samples; i++) {
    await page.goto(`${url}/show_bug.cgi?id=${i}`);
    const shown = await page
      .waitForFunction(() => document.documentElement.dataset.benchBannerMs, undefined, { timeout: 10_000 })
      .catch(() => null);
    if (!shown) continue;
    const loadStart = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return navigation?.loadEventStart ?? 0;
    });
    figures.pageLoadToBanner.push(Number(await shown.jsonValue()) - loadStart);
  }
}

/** The popup's first paint (kept and not) and its data, beside an empty extension page's first frame. */
async function measurePopup(
  context: BrowserContext,
  options: Page,
  extension: string,
  samples: number,
  figures: ExtensionFigures,
): Promise<void> {
  // The real toolbar popup where the browser can open it, else the same page in a tab.
  const viaToolbar = (await openAsToolbarPopup(options, 'src/popup/index.html', ['loadedMs'])) !== null;
  figures.popupOpenedAs = viaToolbar ? 'toolbar' : 'tab';
  const open = async (path: string, marks: readonly PageMark[]) =>
    (viaToolbar ? await openAsToolbarPopup(options, path, marks) : null) ??
    (await openInTab(context, `${extension}/${path}`, marks));
  for (let i = 0; i < samples; i++) {
    await forgetPopupCache(options);
    const [uncached] = await open('src/popup/index.html', ['firstPaintMs', 'loadedMs']);
    const [kept, data] = await open('src/popup/index.html', ['firstPaintMs', 'loadedMs']);
    const [empty] = await open(EMPTY_PAGE, ['firstPaintMs']);
    figures.popupFirstPaintUncached.push(uncached as number);
    figures.popupFirstPaint.push(kept as number);
    figures.popupToData.push(data as number);
    figures.emptyPageFirstFrame.push(empty as number);
  }
}

/** The median and the 99th percentile (nearest rank) of a sample. */
export function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}
