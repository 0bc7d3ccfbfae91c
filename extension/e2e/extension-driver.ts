import type { Page } from '@playwright/test';
import type { ExtensionBrowser } from './browser.js';
import type { FirefoxSession } from './marionette.js';

/**
 * One extension page driven alike in Chromium (Playwright) and firefox-esr
 * (Marionette), so a step of the inbox's story is written once for both:
 * CSS selectors, trusted clicks and keys, and scripts run in the page with
 * the extension's API as `ext` (Chromium's `chrome`, Firefox's `browser`)
 * and the step's values as `args`.
 */
export interface ExtensionDriver {
  /** Loads an extension page (`src/inbox/index.html`) in the driven tab, the moved clock with it. */
  open(path: string): Promise<void>;
  /** Loads a tracker's page in the driven tab, as the user opens a bug. */
  visit(url: string): Promise<void>;
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  click(selector: string, options?: { shift?: boolean }): Promise<void>;
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
  /**
   * Moves the extension's clock this far from the real one, in the page and
   * in the background (both read `Date.now` at each use: common/clock.ts).
   */
  moveClock(offsetMs: number): Promise<void>;
  /**
   * Stops the extension's clock at this instant, in the page and in the background: a replayed
   * tracker is asked what the recorded session asked, the times in its requests included.
   */
  stopClock(atMs: number): Promise<void>;
}

/**
 * Sets the `Date.now` of a realm (an expression) this far from the real clock (`args[0]`; 0 puts it
 * back), or, with `args[1]`, stopped at that instant.
 */
const moveClockOf = (realm: string) => `
  const realm = ${realm};
  realm.__realNow ??= realm.Date.now.bind(realm.Date);
  const [offset, stoppedAt] = args;
  realm.Date.now = stoppedAt === null ? () => realm.__realNow() + offset : () => stoppedAt;`;

const prelude = 'const ext = globalThis.browser ?? globalThis.chrome; const args = __args;';

/** How long a key may wait for the page to take it before the step says what the page is doing. */
const KEY_TAKEN_WITHIN_MS = 20_000;

const settledWithin = <T>(promise: Promise<T>, ms: number): Promise<{ value: T } | undefined> =>
  Promise.race([
    promise.then((value) => ({ value })),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref()),
  ]);

/**
 * A key Chromium has not seen the page take (Input.dispatchKeyEvent unanswered: the page's main
 * thread busy or blocked) fails the step with what can still be learnt: whether the page answers a
 * script, where its focus is, which pages are open. A bare test timeout said none of it.
 */
async function pressed(browser: ExtensionBrowser, page: Page, key: string): Promise<void> {
  const press = page.keyboard.press(key);
  if (await settledWithin(press, KEY_TAKEN_WITHIN_MS)) return;
  const state = await settledWithin(
    page
      .evaluate(() => `${document.visibilityState}, focus on ${document.activeElement?.outerHTML.slice(0, 160)}`)
      .catch((error: Error) => `no answer (${error.message})`),
    5000,
  );
  const pages = browser.context.pages().map((open) => open.url());
  throw new Error(
    `the page did not take the key ${key} in ${KEY_TAKEN_WITHIN_MS / 1000} s; a script in it: ${
      state ? state.value : 'no answer in 5 s either (its main thread is blocked)'
    }; pages open: ${pages.join(', ')}`,
  );
}

export function chromiumDriver(browser: ExtensionBrowser, page: Page): ExtensionDriver {
  let clock: [number, number | null] = [0, null];
  const inPage = <T>(realm: { evaluate: Page['evaluate'] }, body: string, args: unknown[]) =>
    realm.evaluate(`(async (__args) => { ${prelude} ${body} })(${JSON.stringify(args)})`) as Promise<T>;
  const setClock = async (to: [number, number | null]) => {
    clock = to;
    await inPage(page, moveClockOf('window'), clock);
    await inPage(await browser.worker(), moveClockOf('self'), clock);
  };
  const driver: ExtensionDriver = {
    async open(path) {
      await page.goto(`chrome-extension://${browser.extensionId}/${path}`);
      if (clock[0] !== 0 || clock[1] !== null) await inPage(page, moveClockOf('window'), clock);
    },
    visit: async (url) => void (await page.goto(url)),
    run: (body, ...args) => inPage(page, body, args),
    click: (selector, { shift = false } = {}) => page.click(selector, shift ? { modifiers: ['Shift'] } : {}),
    press: (key) => pressed(browser, page, key),
    type: (text) => page.keyboard.type(text),
    moveClock: (offsetMs) => setClock([offsetMs, null]),
    stopClock: (atMs) => setClock([0, atMs]),
  };
  return driver;
}

export function firefoxDriver(session: FirefoxSession): ExtensionDriver {
  let clock: [number, number | null] = [0, null];
  // Marionette's script runs in a sandbox over the page: the page's own globals are `window`'s.
  const run = <T>(body: string, args: unknown[]) =>
    session.run<T>(`const __args = Array.from(arguments).slice(0, -1); ${prelude} ${body}`, ...args);
  const setClock = async (to: [number, number | null]) => {
    clock = to;
    await run(moveClockOf('window'), clock);
    await run(moveClockOf('await ext.runtime.getBackgroundPage()'), clock);
  };
  const driver: ExtensionDriver = {
    async open(path) {
      await session.openExtensionPage(path);
      if (clock[0] !== 0 || clock[1] !== null) await run(moveClockOf('window'), clock);
    },
    visit: (url) => session.navigate(url),
    run: (body, ...args) => run(body, args),
    click: (selector, options) => session.click(selector, options),
    press: (key) => session.press(key),
    type: (text) => session.type(text),
    moveClock: (offsetMs) => setClock([offsetMs, null]),
    stopClock: (atMs) => setClock([0, atMs]),
  };
  return driver;
}
