import { expect } from '@playwright/test';
import type { ExtensionDriver } from './extension-driver.js';
import { type SeedBug, type SeededTracker, storageFor } from './inbox-harness.js';

/**
 * The three trackers of the inbox's story and the inbox page as the shared
 * steps (inbox-steps.ts, notification-steps.ts) read and drive it, in either
 * browser.
 */
export const INBOX_SEEDS: ReadonlyArray<{ id: string; label: string; bugs: readonly SeedBug[] }> = [
  {
    id: 't1',
    label: 'Firefox',
    bugs: [
      { id: 1, summary: 'Crash when closing a window with many tabs', changedAgo: 5, priority: ['Low', 'Highest'] },
      {
        id: 2,
        summary: 'Login page loops after the session expires',
        changedAgo: 20,
        comment: 'Reproduced on staging: the redirect drops the session cookie before the login form posts.',
      },
      { id: 3, summary: 'Export to CSV drops the last row', changedAgo: 40, status: ['NEW', 'ASSIGNED'] },
      { id: 4, summary: 'Nothing new here', changedAgo: 24 * 60 },
    ],
  },
  {
    id: 't2',
    label: 'Core',
    bugs: [
      {
        id: 7,
        summary: 'Layout: a very long summary that the row cannot show in full, so it is cut and shown whole on hover',
        product: 'Core',
        component: 'Layout',
        changedAgo: 10,
        comment: 'Still happens on nightly.',
      },
      {
        id: 8,
        summary: 'مشكلة في عرض النص العربي',
        product: 'Core',
        component: 'Text',
        changedAgo: 30,
        priority: ['P3', 'P1'],
      },
    ],
  },
  {
    id: 't3',
    label: 'Staging',
    bugs: [{ id: 12, summary: 'Search ignores the product filter', changedAgo: 15, comment: 'Any update on this?' }],
  },
];

/** The six changed bugs, the newest change first. */
export const ALL_ROWS = ['t1:1', 't2:7', 't3:12', 't1:2', 't2:8', 't1:3'];

export const row = (bug: number, tracker = 't1') => `.inbox-row[data-bug="${bug}"][data-tracker="${tracker}"]`;
export const button = (name: string) => `button[aria-label="${name}"]`;

/** The rows as `tracker:bug` in the order shown; null while the list is loading. */
export const rows = (d: ExtensionDriver) =>
  d.run<string[] | null>(
    `if (!document.querySelector('main.inbox:not([aria-busy])')) return null;
     return [...document.querySelectorAll('.inbox-row')].map((row) => row.dataset.tracker + ':' + row.dataset.bug);`,
  );
export const textOf = (d: ExtensionDriver, selector: string) =>
  d.run<string | null>('return document.querySelector(args[0])?.textContent ?? null;', selector);
export const attributeOf = (d: ExtensionDriver, selector: string, name: string) =>
  d.run<string | null>('return document.querySelector(args[0])?.getAttribute(args[1]) ?? null;', selector, name);
export const badgeText = (d: ExtensionDriver) => d.run<string>('return ext.action.getBadgeText({});');
export const WITHIN_2S = { timeout: 2000 };

/** Clicks the element of this kind whose text is exactly `text` (a trusted click), once there is one. */
export async function clickText(d: ExtensionDriver, selector: string, text: string): Promise<void> {
  const marked = () =>
    d.run<boolean>(
      `document.querySelector('[data-e2e-target]')?.removeAttribute('data-e2e-target');
       const found = [...document.querySelectorAll(args[0])].find((el) => el.textContent.trim() === args[1]);
       found?.setAttribute('data-e2e-target', '');
       return Boolean(found);`,
      selector,
      text,
    );
  await expect.poll(marked, { message: `a ${selector} saying ${text}` }).toBe(true);
  await d.click('[data-e2e-target]');
}

/** Chooses a filter's value (a <select> in the sidebar, by its label), as a change event. */
export async function chooseFilter(d: ExtensionDriver, label: string, value: string): Promise<void> {
  await d.run(
    `const select = [...document.querySelectorAll('.sidebar label.facet')]
       .find((l) => l.firstChild.textContent.trim() === args[0]).querySelector('select');
     select.value = args[1];
     select.dispatchEvent(new Event('change', { bubbles: true }));`,
    label,
    value,
  );
}

/** Writes the trackers, keys and followed bugs (`followed`, by tracker) as the options page would (the list first). */
export async function seedStorage(
  d: ExtensionDriver,
  trackers: readonly SeededTracker[],
  followed: ReadonlyArray<{ bugs: readonly SeedBug[] }> = INBOX_SEEDS,
): Promise<void> {
  const { sync, local } = storageFor(trackers.map((t, index) => ({ ...t, bugs: followed[index]?.bugs ?? [] })));
  await d.run('await ext.storage.sync.set(args[0]); await ext.storage.local.set(args[1]);', sync, local);
}

/** Every tracker looked at now, as the alarm would. */
export const refreshAll = (d: ExtensionDriver) => d.run("await ext.runtime.sendMessage({ type: 'refresh-news' });");

export async function openInbox(d: ExtensionDriver, { refresh = false } = {}): Promise<void> {
  await d.open('src/inbox/index.html');
  if (refresh) await refreshAll(d);
  await expect.poll(() => rows(d)).not.toBeNull();
}

export const triageOf = (d: ExtensionDriver, tracker: string) =>
  d.run<Record<string, Record<string, number>>>(
    "const key = 'triage:' + args[0]; return (await ext.storage.sync.get(key))[key] ?? {};",
    tracker,
  );

export const aLaterSecond = () => new Promise((resolve) => setTimeout(resolve, 1100)); // Bugzilla's times are to the second
