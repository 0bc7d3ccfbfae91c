import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { type SeededTracker, startTrackers, storageFor } from './inbox-harness.js';
import { FirefoxSession } from './marionette.js';

/**
 * The inbox in headless firefox-esr, driven through Marionette: two trackers'
 * changed bugs in one list, the newest change first; Done and its undo by the
 * keys; the badge and the popup's All trackers say the inbox's count.
 */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DIST = fileURLToPath(new URL('../dist/firefox', import.meta.url));

test.describe('the inbox in headless firefox-esr', () => {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);
  test.describe.configure({ mode: 'serial' });

  const seeds = [
    {
      id: 't1',
      label: 'Firefox',
      bugs: [
        { id: 1, summary: 'Crash on start', changedAgo: 5, priority: ['Low', 'Highest'] as [string, string] },
        { id: 2, summary: 'Slow scrolling', changedAgo: 9, comment: 'Profiled: the layout runs twice.' },
      ],
    },
    {
      id: 't2',
      label: 'Core',
      bugs: [{ id: 5, summary: 'Leak in the cache', changedAgo: 7, comment: 'Still leaks.' }],
    },
  ];
  let trackers: SeededTracker[] = [];
  let firefox: FirefoxSession | undefined;

  test.beforeAll(async () => {
    trackers = await startTrackers(seeds);
    firefox = await FirefoxSession.start(FIREFOX, DIST);
    const { sync, local } = storageFor(trackers.map((t, index) => ({ ...t, bugs: seeds[index]?.bugs ?? [] })));
    await firefox.openExtensionPage('src/inbox/index.html');
    await firefox.run(
      'await browser.storage.sync.set(arguments[0]); await browser.storage.local.set(arguments[1]);',
      sync,
      local,
    );
    // As the alarm would: every tracker looked at now.
    await firefox.run("await browser.runtime.sendMessage({ type: 'refresh-news' });");
  });
  test.afterAll(async () => {
    firefox?.close();
    await Promise.all(trackers.map((t) => t.server.stop()));
  });

  const session = () => firefox as FirefoxSession;
  /** The inbox's rows as `tracker:bug`, in the order shown (null before the list is there). */
  const rowOrder = () =>
    session().run<string[] | null>(
      `if (!document.querySelector('main.inbox:not([aria-busy])')) return null;
       return [...document.querySelectorAll('.inbox-row')].map((row) => row.dataset.tracker + ':' + row.dataset.bug);`,
    );

  test('every tracker’s changed bugs in one list, the newest change first, each saying what changed', async () => {
    await session().openExtensionPage('src/inbox/index.html');
    const rows = await session().poll(rowOrder, (order) => order?.length === 3);
    expect(rows).toEqual(['t1:1', 't2:5', 't1:2']);
    const first = await session().run<string>(
      'return document.querySelector(\'.inbox-row[data-bug="1"][data-tracker="t1"] .what\').textContent',
    );
    expect(first).toBe('Priority Low → Highest');
    const badge = await session().run<string>('return browser.action.getBadgeText({})');
    expect(badge).toBe('3');
  });

  test('Done by the key e takes the current bug out, z brings it back; the badge follows', async () => {
    await session().press('e');
    expect(await session().poll(rowOrder, (order) => order?.length === 2)).toEqual(['t2:5', 't1:2']);
    const notice = await session().run<string>("return document.querySelector('[role=status]').textContent");
    expect(notice).toBe('Done: 1 bug. Undo (z)');
    await session().poll(
      () => session().run<string>('return browser.action.getBadgeText({})'),
      (text) => text === '2',
      2000,
    );
    await session().press('z');
    expect(await session().poll(rowOrder, (order) => order?.length === 3)).toEqual(['t1:1', 't2:5', 't1:2']);
  });

  test('the popup’s switcher starts with All trackers and the badge’s count, then each tracker’s', async () => {
    await session().openExtensionPage('src/popup/index.html');
    const entries = () =>
      session().run<string[]>(
        `return [...document.querySelectorAll('[data-testid="tracker-switcher"] button')].map((b) => b.textContent);`,
      );
    const expected = ['All trackers 3', 'Firefox 2 ok', 'Core 1 ok'];
    expect(await session().poll(entries, (texts) => JSON.stringify(texts) === JSON.stringify(expected))).toEqual(
      expected,
    );
    expect(await session().run<string>('return browser.action.getBadgeText({})')).toBe('3');
  });
});
