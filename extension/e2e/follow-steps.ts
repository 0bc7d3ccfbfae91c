import { expect } from '@playwright/test';
import type { ExtensionDriver } from './extension-driver.js';
import { commentAsOther, OTHER, type SeedBug, type SeededTracker } from './inbox-harness.js';
import { aLaterSecond, clickText, openInbox, refreshAll } from './inbox-page.js';
import { recordedVisits } from './journal.js';

/**
 * Following bugs the user really opens, written once for Chromium and
 * firefox-esr: 25 visited bugs all listed (not the tracker's 20 most
 * recent), and on upstream Bugzilla (5.2, 5.1) and bugzilla.mozilla.org a
 * bug the user is not involved in followed, with what each tracker cannot
 * give the inbox said once, in words.
 */
const quiet = (id: number, reporter?: string): SeedBug => ({
  id,
  summary: `Bug number ${id}`,
  changedAgo: 600,
  ...(reporter ? { reporter } : {}),
});

const PROFILES = [
  ['u52', 'Upstream 5.2', 'bugzilla-5.2'],
  ['u51', 'Upstream 5.1', 'bugzilla-5.1'],
  ['bmo', 'BMO', 'bmo'],
] as const;

/** A tracker of 25 bugs, then one per profile: bug 1 someone else's (not involved), bug 2 the user's. */
export const FOLLOW_SEEDS = [
  { id: 'm', label: 'Many', bugs: Array.from({ length: 25 }, (_, i) => quiet(i + 1)) },
  ...PROFILES.map(([id, label, profile]) => ({ id, label, profile, bugs: [quiet(1, OTHER), quiet(2)] })),
];

/** Followed before the test: only each profile tracker's bug 2 (the rest is followed by opening it). */
export const FOLLOWED_AT_START = FOLLOW_SEEDS.map((seed) => ({
  bugs: seed.id === 'm' ? [] : seed.bugs.filter((bug) => bug.id === 2),
}));

/** The tracker filter's count for one tracker (the list draws only the rows on screen). */
const waitingOn = (d: ExtensionDriver, label: string) =>
  d.run<number | null>(
    `const select = [...document.querySelectorAll('.sidebar label.facet')]
       .find((l) => l.firstChild.textContent.trim() === 'Tracker')?.querySelector('select');
     const option = [...(select?.options ?? [])].find((o) => o.value === args[0]);
     return option ? Number(/\\((\\d+)\\)$/.exec(option.textContent)[1]) : null;`,
    label,
  );

const cannotLines = (d: ExtensionDriver) =>
  d.run<string[]>(
    `return [...document.querySelectorAll('[data-testid="cannot"] li > span')].map((line) => line.textContent);`,
  );

const bugPage = (t: SeededTracker, bug: number) => `${t.server.url}show_bug.cgi?id=${bug}`;

export async function twentyFiveVisitsAllListed(d: ExtensionDriver, many: SeededTracker): Promise<void> {
  for (let bug = 1; bug <= 25; bug++) await d.visit(bugPage(many, bug));
  await expect.poll(() => new Set(recordedVisits(many.server.requests())).size, { timeout: 30_000 }).toBe(25);
  await aLaterSecond();
  for (let bug = 1; bug <= 25; bug++) await commentAsOther(many.server, bug, `News on ${bug}.`);
  await openInbox(d, { refresh: true });
  await expect.poll(() => waitingOn(d, 'Many')).toBe(25);
}

export async function eachProfileSaysWhatItCannot(d: ExtensionDriver, trackers: readonly SeededTracker[]) {
  const profiled = trackers.filter((t) => t.id !== 'm');
  for (const t of profiled) {
    await d.visit(bugPage(t, 1));
    await expect
      .poll(() =>
        t.server.requests().some((r) => r.method === 'POST' && r.path.startsWith('/rest/bug_user_last_visit')),
      )
      .toBe(true);
  }
  await aLaterSecond();
  for (const t of profiled) {
    await commentAsOther(t.server, 1, 'News on a bug I only read.');
    await commentAsOther(t.server, 2, 'News on my own bug.');
  }
  await openInbox(d, { refresh: true });
  for (const [, label] of PROFILES) await expect.poll(() => waitingOn(d, label)).toBe(2);
  const expected = [
    'Upstream 5.2: This tracker does not give out its record of your visits: only bugs opened in this browser are followed, not those opened elsewhere.',
    'Upstream 5.2: This tracker does not say whose key it is: enter your login in the options to see why each bug is listed, the requests of you and the bugs assigned to you.',
    'Upstream 5.1: This tracker does not give out its record of your visits: only bugs opened in this browser are followed, not those opened elsewhere.',
  ];
  expect(await cannotLines(d)).toEqual(expected);
  // Once: another look says the same, no more.
  await refreshAll(d);
  await openInbox(d);
  expect(await cannotLines(d)).toEqual(expected);
  // The refused visits are kept in the browser, not failures piling up.
  const failures = await d.run<Record<string, unknown[]>>(
    `const ids = args[0];
     const stored = await ext.storage.local.get(ids.map((id) => 'delivery:' + id));
     return Object.fromEntries(ids.map((id) => [id, stored['delivery:' + id]?.failures ?? []]));`,
    profiled.map((t) => t.id),
  );
  expect(failures).toEqual(Object.fromEntries(profiled.map((t) => [t.id, []])));
  // The popup says it in words, once, and lists no visit as not recorded.
  await d.open('src/popup/index.html');
  await clickText(d, '[data-testid="tracker-switcher"] .host', 'Upstream 5.2');
  const popupSays = () =>
    d.run<{ kept: string | null; delivery: string | null } | null>(
      `const main = document.querySelector('main:not([aria-busy])');
       if (main?.querySelector('h1')?.textContent !== 'Upstream 5.2') return null;
       return {
         kept: main.querySelector('[data-testid="kept-in-browser"]')?.textContent ?? null,
         delivery: main.querySelector('[data-testid="delivery"]')?.textContent ?? null,
       };`,
    );
  await expect.poll(popupSays).toEqual({
    kept: expect.stringMatching(/keeps visits only for bugs you are involved in/),
    delivery: expect.anything(),
  });
  expect((await popupSays())?.delivery).not.toContain('not recorded');
}
