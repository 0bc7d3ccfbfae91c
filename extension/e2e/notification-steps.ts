import { expect } from '@playwright/test';
import type { ExtensionDriver } from './extension-driver.js';
import { commentAsOther, type SeededTracker } from './inbox-harness.js';
import { aLaterSecond, button, openInbox, refreshAll, rows } from './inbox-page.js';

/**
 * The desktop notifications the extension asked for since the last call, by
 * id (a bug's page, or `inbox` for the summary). Chromium keeps them
 * (`getAll`, then cleared here); headless firefox-esr has nowhere to show
 * one and closes it at once, which `onClosed` tells the page.
 */
async function notificationsTold(d: ExtensionDriver): Promise<string[]> {
  return d.run<string[]>(
    `const shown = Object.keys(await ext.notifications.getAll());
     for (const id of shown) {
       window.__clearedByTest.add(id);
       await ext.notifications.clear(id);
     }
     return [...new Set([...shown, ...window.__closed.splice(0)])].sort();`,
  );
}

/** Waits for exactly these notifications (bug pages without their #comment, or `inbox`), gathered as they come. */
async function expectTold(d: ExtensionDriver, expected: readonly string[]): Promise<void> {
  const told: string[] = [];
  await expect
    .poll(async () => {
      told.push(...(await notificationsTold(d)));
      return told.map((id) => id.replace(/#c\d+$/, '')).sort();
    })
    .toEqual([...expected].sort());
}

/**
 * Turned on, nothing that happened before is told; then one notification per
 * changed bug, none for a muted bug, and past three one summary. Needs the
 * inbox open (mute is the inbox's).
 */
export async function notificationRules(d: ExtensionDriver, trackers: readonly SeededTracker[]): Promise<void> {
  const [firefox, core, staging] = trackers as [SeededTracker, SeededTracker, SeededTracker];
  const page = (t: SeededTracker, bug: number) => `${t.server.url}show_bug.cgi?id=${bug}`;
  await openInbox(d);
  await d.run(
    `window.__closed = [];
     window.__clearedByTest = new Set();
     ext.notifications.onClosed.addListener((id) => {
       if (!window.__clearedByTest.delete(id)) window.__closed.push(id);
     });`,
  );
  const setNotify = (on: boolean) =>
    d.run(
      `const { trackers } = await ext.storage.sync.get('trackers');
       await ext.storage.sync.set({ trackers: trackers.map((t) => ({ ...t, notify: args[0] })) });`,
      on,
    );
  await setNotify(true);
  try {
    await refreshAll(d);
    await new Promise((resolve) => setTimeout(resolve, 500)); // Firefox closes them a moment later
    expect(await notificationsTold(d)).toEqual([]);

    await aLaterSecond();
    await commentAsOther(firefox.server, 2, 'Seen again today.');
    await commentAsOther(core.server, 7, 'And on beta.');
    await refreshAll(d);
    await expectTold(d, [page(firefox, 2), page(core, 7)]);

    await d.click(button('Mute bug 12 on Staging'));
    await expect.poll(async () => (await rows(d))?.includes('t3:12')).toBe(false);
    await aLaterSecond();
    await commentAsOther(staging.server, 12, 'Muted: never told.');
    await commentAsOther(firefox.server, 3, 'Told.');
    await refreshAll(d);
    await expectTold(d, [page(firefox, 3)]);

    await aLaterSecond();
    for (const [t, bug] of [
      [firefox, 1],
      [firefox, 4],
      [core, 7],
      [core, 8],
    ] as const) {
      await commentAsOther(t.server, bug, `Round three on ${bug}.`);
    }
    await refreshAll(d);
    await expectTold(d, ['inbox']);
  } finally {
    await setNotify(false);
  }
}
