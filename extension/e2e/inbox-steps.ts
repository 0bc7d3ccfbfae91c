import { createClient } from '@bz-companion/shared';
import { expect } from '@playwright/test';
import type { ExtensionDriver } from './extension-driver.js';
import { commentAsOther, KEY, type SeededTracker } from './inbox-harness.js';
import {
  ALL_ROWS,
  aLaterSecond,
  attributeOf,
  badgeText,
  button,
  chooseFilter,
  clickText,
  openInbox,
  refreshAll,
  row,
  rows,
  textOf,
  triageOf,
  WITHIN_2S,
} from './inbox-page.js';

/**
 * The inbox's story, step by step, written once and run in Chromium
 * (inbox.spec.ts) and firefox-esr (inbox-firefox.spec.ts) on the same three
 * trackers. Each step starts from where the one before left the list.
 */
export async function theListAcrossTrackers(d: ExtensionDriver): Promise<void> {
  await openInbox(d, { refresh: true });
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
  expect(await textOf(d, `${row(1)} .what`)).toBe('Priority Low → Highest');
  expect(await textOf(d, `${row(3)} .what`)).toBe('Status NEW → ASSIGNED');
  expect(await textOf(d, '[data-testid="inbox-count"]')).toBe('6 waiting across 3 trackers · 7 bugs followed');
  await expect.poll(() => badgeText(d), WITHIN_2S).toBe('6');
}

/** Done by e on the current (first) row; the notice; the badge; the triage in storage.sync; z undoes all. */
export async function doneByKeyUndoneByZ(d: ExtensionDriver): Promise<void> {
  await openInbox(d);
  await d.press('e');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS.filter((r) => r !== 't1:1'));
  expect(await textOf(d, '[role=status]')).toBe('Done: 1 bug. Undo (z)');
  await expect.poll(() => badgeText(d), WITHIN_2S).toBe('5');
  // Done follows the user to their other browsers.
  expect(Object.keys((await triageOf(d, 't1')).done ?? {})).toEqual(['1']);
  await d.press('z');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
  await expect.poll(() => badgeText(d), WITHIN_2S).toBe('6');
  expect((await triageOf(d, 't1')).done ?? {}).toEqual({});
}

export async function muteUndoneByTheNotice(d: ExtensionDriver): Promise<void> {
  await openInbox(d);
  await d.click(button('Mute bug 7 on Core'));
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS.filter((r) => r !== 't2:7'));
  expect(Object.keys((await triageOf(d, 't2')).muted ?? {})).toEqual(['7']);
  await d.click('[role=status] button');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
}

export async function starUndoneAndByKey(d: ExtensionDriver): Promise<void> {
  await openInbox(d);
  const starOf = (bug: number, tracker?: string) => attributeOf(d, `${row(bug, tracker)} .star`, 'aria-pressed');
  await d.click(button('Star bug 7 on Core'));
  await expect.poll(() => starOf(7, 't2')).toBe('true');
  await d.press('z');
  await expect.poll(() => starOf(7, 't2')).toBe('false');
  await d.run('document.activeElement?.blur();');
  await d.press('j');
  await d.press('k');
  await expect.poll(() => attributeOf(d, row(1), 'aria-current')).toBe('true');
  // j then k within one frame: j's render done, its focus not yet given when k comes (this froze the page).
  await d.run(`
    const key = (name) => dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
    key('j');
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    key('k');
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();`);
  await expect.poll(() => attributeOf(d, row(1), 'aria-current')).toBe('true');
  await d.press('s');
  await expect.poll(() => starOf(1)).toBe('true');
  await d.press('s');
  await expect.poll(() => starOf(1)).toBe('false');
}

/** Mark seen waits for the undo time before the tracker hears of it. */
export async function markSeenUndone(d: ExtensionDriver, staging: SeededTracker): Promise<void> {
  await openInbox(d);
  await d.click(button('Mark bug 12 on Staging as seen'));
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS.filter((r) => r !== 't3:12'));
  await d.press('z');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
  const visits = await createClient({ baseUrl: staging.server.url, apiKey: KEY }).lastVisit.get(12);
  expect(visits[0]?.last_visit_ts ?? null).toBeNull();
}

export async function selectRangeUndoneAtOnce(d: ExtensionDriver): Promise<void> {
  await openInbox(d);
  await d.click('input[aria-label="Select bug 1 on Firefox"]');
  await d.click('input[aria-label="Select bug 2 on Firefox"]', { shift: true });
  await expect.poll(() => d.run<number>("return document.querySelectorAll('.inbox-row.selected').length;")).toBe(4);
  await d.press('e');
  await expect.poll(() => rows(d)).toEqual(['t2:8', 't1:3']);
  expect(await textOf(d, '[role=status]')).toBe('Done: 4 bugs. Undo (z)');
  await d.press('z');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
}

/**
 * Filters narrow the list; a pinned filter keeps its count in the sidebar,
 * and is there again when the inbox is opened again. `whileFiltered` runs
 * with the tracker filter on (Chromium takes its screenshot there).
 */
export async function filtersAndPins(d: ExtensionDriver, whileFiltered?: () => Promise<void>): Promise<void> {
  await openInbox(d);
  await chooseFilter(d, 'Tracker', 'Core');
  await expect.poll(() => rows(d)).toEqual(['t2:7', 't2:8']);
  await chooseFilter(d, 'Changed field', 'Priority');
  await expect.poll(() => rows(d)).toEqual(['t2:8']);
  await clickText(d, 'button', 'Pin “Core · Priority changed”');
  const pins = () =>
    d.run<string[]>("return [...document.querySelectorAll('.pins button.pin')].map((b) => b.textContent);");
  await expect.poll(pins).toEqual(['Everything 6', 'Core · Priority changed 1']);
  await openInbox(d);
  await expect.poll(pins).toEqual(['Everything 6', 'Core · Priority changed 1']);
  await clickText(d, '.pins button.pin', 'Core · Priority changed 1');
  await expect.poll(() => rows(d)).toEqual(['t2:8']);
  await clickText(d, '.pins button.pin', 'Everything 6');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
  await d.run('document.activeElement?.blur();');
  await d.press('/');
  await d.type('session');
  await expect.poll(() => rows(d)).toEqual(['t1:2']);
  await d.run(
    `const search = document.querySelector('input[type=search]');
     search.value = '';
     search.dispatchEvent(new Event('input', { bubbles: true }));`,
  );
  await chooseFilter(d, 'Reason', 'visited');
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS);
  await chooseFilter(d, 'Reason', '');
  await chooseFilter(d, 'Tracker', 'Firefox');
  await expect.poll(() => rows(d)).toEqual(['t1:1', 't1:2', 't1:3']);
  await whileFiltered?.();
  await d.click(button('Unpin Core · Priority changed'));
  await expect.poll(pins).toEqual(['Everything 6']);
}

export async function doneComesBackOnNewActivity(d: ExtensionDriver, staging: SeededTracker): Promise<void> {
  await openInbox(d);
  await d.click(button('Done: bug 12 on Staging'));
  await expect.poll(() => rows(d)).toEqual(ALL_ROWS.filter((r) => r !== 't3:12'));
  await aLaterSecond();
  await commentAsOther(staging.server, 12, 'Fixed on staging, please verify.');
  await expect
    .poll(async () => {
      await refreshAll(d);
      return rows(d);
    })
    .toEqual(['t3:12', ...ALL_ROWS.filter((r) => r !== 't3:12')]);
  // What came after Done, not what was there before it.
  expect(await textOf(d, `${row(12, 't3')} .what`)).toBe('1 new comment: “Fixed on staging, please verify.”');
}

/**
 * Snoozed for an hour (undone once by z): still away at 59 minutes, back at
 * 61, in the list and the badge. The extension's clock and every
 * tracker's move on together (as time does), then everything looks again.
 */
export async function snoozeComesBack(d: ExtensionDriver, trackers: readonly SeededTracker[]): Promise<void> {
  await openInbox(d);
  const before = await rows(d);
  const badgeBefore = await badgeText(d);
  const snoozeForAnHour = async () => {
    await d.click(button('Snooze bug 8 on Core'));
    await clickText(d, 'dialog[open] button', 'An hour');
    await expect.poll(() => rows(d)).toEqual(before?.filter((r) => r !== 't2:8'));
  };
  // Undone like every action, then snoozed for good.
  await snoozeForAnHour();
  expect(await textOf(d, '[role=status]')).toBe('Snoozed: 1 bug. Undo (z)');
  await d.press('z');
  await expect.poll(() => rows(d)).toEqual(before);
  await snoozeForAnHour();
  await expect.poll(() => badgeText(d), WITHIN_2S).toBe(String(Number(badgeBefore) - 1));
  const moveTo = async (minutes: number) => {
    for (const t of trackers) t.server.clock.set(new Date(Date.now() + minutes * 60_000));
    await d.moveClock(minutes * 60_000);
    await refreshAll(d);
  };
  try {
    await moveTo(59);
    await openInbox(d);
    expect(await rows(d)).toEqual(before?.filter((r) => r !== 't2:8'));
    await moveTo(61);
    await expect.poll(() => rows(d)).toEqual(before);
    await expect.poll(() => badgeText(d), WITHIN_2S).toBe(badgeBefore);
  } finally {
    for (const t of trackers) t.server.clock.set(null);
    await d.moveClock(0);
  }
}

/** The popup's All trackers count (its switcher's first entry), once drawn. */
const allTrackersCount = (d: ExtensionDriver) =>
  d.run<number | null>(
    `const count = document.querySelector('[data-testid="tracker-switcher"] li:first-child .count');
     return count ? Number(count.textContent) : null;`,
  );

/** Opening a changed bug takes the badge and the popup's All trackers down by one within 2 s, together. */
export async function openingABugMovesBadgeAndPopup(d: ExtensionDriver, tracker: SeededTracker): Promise<void> {
  await d.open('src/popup/index.html');
  await expect.poll(() => allTrackersCount(d)).not.toBeNull();
  const before = Number(await badgeText(d));
  await expect.poll(() => allTrackersCount(d), WITHIN_2S).toBe(before);
  await d.visit(`${tracker.server.url}show_bug.cgi?id=1`);
  const opened = Date.now();
  await d.open('src/popup/index.html');
  await expect.poll(() => badgeText(d), WITHIN_2S).toBe(String(before - 1));
  await expect.poll(() => allTrackersCount(d), WITHIN_2S).toBe(before - 1);
  expect(Date.now() - opened).toBeLessThan(2000);
}

/**
 * The options say what follows the user between browsers (storage.sync, in
 * Firefox too): after the story, Core's snoozed bug, Staging's done and
 * muted one.
 */
export async function optionsShowTheSyncedMarks(d: ExtensionDriver): Promise<void> {
  await d.open('src/options/index.html');
  const marks = () =>
    d.run<string[]>(
      `return [...document.querySelectorAll('[data-testid="sync-usage"] li')].map((li) => li.textContent.replace(/ \\(.* KB\\)$/, ''));`,
    );
  await expect
    .poll(marks)
    .toEqual(['Core: 0 done · 0 muted · 1 snoozed · 0 starred', 'Staging: 1 done · 1 muted · 0 snoozed · 0 starred']);
}
