import { expect } from '@playwright/test';
import type { ExtensionDriver } from './extension-driver.js';
import { aLaterSecond, row, rows, textOf } from './inbox-page.js';
import { type RecordedTracker, recordedStorage, TRACKER } from './recorded-52-harness.js';

/**
 * The triage story against the recorded Bugzilla 5.2 (recorded-52-harness.ts), written once for
 * Chromium and firefox-esr: with the login given, the requests of the user come first, said in
 * words, and a bug newly assigned to them appears without being opened.
 */

const needsOf = (d: ExtensionDriver, bug: number) => textOf(d, `${row(bug, TRACKER)} .needs-words`);
const groupHead = (d: ExtensionDriver) =>
  d.run<string | null>("return document.querySelector('.group-head h2')?.textContent ?? null;");

/** The clock stopped first: the extension's first look at the tracker is already on the recorded clock. */
export async function seedRecorded(d: ExtensionDriver, tracker: RecordedTracker): Promise<void> {
  await d.stopClock(tracker.clock);
  const { sync, local } = recordedStorage(tracker);
  await d.run('await ext.storage.sync.set(args[0]); await ext.storage.local.set(args[1]);', sync, local);
}

export async function requestsFirstThenTheNewBug(d: ExtensionDriver, tracker: RecordedTracker): Promise<void> {
  await d.open('src/inbox/index.html');
  await expect.poll(() => rows(d), { timeout: 30_000 }).toEqual([`${TRACKER}:1`, `${TRACKER}:2`]);
  expect(await groupHead(d)).toBe('Needs you (2): requests of you, oldest first, then bugs now yours');
  expect(await needsOf(d, 1)).toMatch(/^needinfo\? from you by carol, .+ ago$/);
  expect(await needsOf(d, 2)).toMatch(/^carol asks you for review of fix-scroll\.patch, .+ ago$/);
  await aLaterSecond();
  // The clock moves on to after Carol's changes (stopped again): they read as a moment ago, not ahead.
  await d.stopClock(await tracker.carolActs());
  await d.press('r');
  await expect
    .poll(() => groupHead(d), { timeout: 30_000 })
    .toBe('Needs you (3): requests of you, oldest first, then bugs now yours');
  await expect
    .poll(() => rows(d))
    .toEqual([`${TRACKER}:1`, `${TRACKER}:2`, `${TRACKER}:6`, `${TRACKER}:5`, `${TRACKER}:3`]);
  expect(await needsOf(d, 6)).toBe('new bug filed by carol, assigned to you');
  expect(await textOf(d, `${row(5, TRACKER)} .what`)).toBe('Priority --- → Highest');
  expect(await textOf(d, `${row(3, TRACKER)} .what`)).toBe('1 new comment: “+1, I see this too.”');
  expect(await textOf(d, `${row(3, TRACKER)} .chip`)).toBe('CC');
}
