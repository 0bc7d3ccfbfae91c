import type { Triage } from '../common/triage.js';

/** storage.sync's limit for one item in Chromium and Firefox (QUOTA_BYTES_PER_ITEM), key included, with room to spare. */
export const SYNC_ITEM_BYTES = 8000;

const size = (key: string, value: unknown) => key.length + new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * A triage that fits one sync item. What goes first when it does not:
 * snoozes already over (they decide nothing any more), then the oldest Done
 * marks (such a bug may come back into the inbox). Mutes and stars are kept.
 * Returns how many entries were dropped, to be said in the options.
 */
export function fitTriage(key: string, triage: Triage, now: number): { triage: Triage; dropped: number } {
  if (size(key, triage) <= SYNC_ITEM_BYTES) return { triage, dropped: 0 };
  const fitted: Triage = { ...triage, snoozed: { ...triage.snoozed }, done: { ...triage.done } };
  let dropped = 0;
  for (const [bug, until] of Object.entries(fitted.snoozed)) {
    if (until * 1000 <= now) {
      delete fitted.snoozed[bug];
      dropped++;
    }
  }
  const oldestFirst = Object.entries(fitted.done).sort(([, a], [, b]) => a - b);
  // Dropped in steps of an eighth, so a full item is fitted in a few measurements, not one per entry.
  while (size(key, fitted) > SYNC_ITEM_BYTES && oldestFirst.length > 0) {
    const step = oldestFirst.splice(0, Math.max(1, Math.ceil(oldestFirst.length / 8)));
    for (const [bug] of step) delete fitted.done[bug];
    dropped += step.length;
  }
  return { triage: fitted, dropped };
}
