import { itemBytes, SYNC_BUDGET_BYTES, SYNC_ITEM_BYTES } from '../common/sync-quota.js';
import { parseTriage, type Triage } from '../common/triage.js';

export { SYNC_ITEM_BYTES } from '../common/sync-quota.js';

/** What goes first when a tracker's triage does not fit storage.sync, in words (the options page says it). */
export const DROPPED_FIRST =
  'snoozes already over first, then the oldest Done marks (such a bug may come back to the inbox); mutes and stars are kept';

/**
 * How many bytes one tracker's triage may take: one item at most, and an
 * equal share of what the other synced items (the list of trackers, the
 * settings, the pins) leave of the quota, so ten trackers fit as well as one.
 */
function triageBudget(otherBytes: number, triageItems: number): number {
  const share = Math.floor((SYNC_BUDGET_BYTES - otherBytes) / Math.max(1, triageItems));
  return Math.max(0, Math.min(SYNC_ITEM_BYTES, share));
}

/**
 * A triage that fits its budget. What goes first when it does not: snoozes
 * already over (they decide nothing any more), then the oldest Done marks
 * (such a bug may come back into the inbox). Mutes and stars are kept.
 * Returns how many entries were dropped, to be said in the options.
 */
export function fitTriage(
  key: string,
  triage: Triage,
  now: number,
  budget = SYNC_ITEM_BYTES,
): { triage: Triage; dropped: number } {
  if (itemBytes(key, triage) <= budget) return { triage, dropped: 0 };
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
  while (itemBytes(key, fitted) > budget && oldestFirst.length > 0) {
    const step = oldestFirst.splice(0, Math.max(1, Math.ceil(oldestFirst.length / 8)));
    for (const [bug] of step) delete fitted.done[bug];
    dropped += step.length;
  }
  return { triage: fitted, dropped };
}

/**
 * What to write to storage.sync when one tracker's triage changes, so that
 * everything synced stays within the quota: that triage fitted to one item;
 * and when all of it together would pass the budget, every tracker's triage
 * larger than its share fitted to the share (the others' too, in the same
 * write). `synced` is storage.sync as it is, `prefix` what triage keys start with.
 */
export function fitSyncedTriage(
  synced: Readonly<Record<string, unknown>>,
  prefix: string,
  changed: { key: string; triage: Triage },
  now: number,
): { writes: Record<string, Triage>; dropped: Record<string, number> } {
  const first = fitTriage(changed.key, changed.triage, now);
  const triages = new Map<string, Triage>([[changed.key, first.triage]]);
  let otherBytes = 0;
  for (const [key, value] of Object.entries(synced)) {
    if (key === changed.key) continue;
    if (key.startsWith(prefix)) triages.set(key, parseTriage(value));
    else otherBytes += itemBytes(key, value);
  }
  const writes: Record<string, Triage> = { [changed.key]: first.triage };
  const dropped: Record<string, number> = first.dropped > 0 ? { [changed.key]: first.dropped } : {};
  let total = otherBytes;
  for (const [key, triage] of triages) total += itemBytes(key, triage);
  if (total <= SYNC_BUDGET_BYTES) return { writes, dropped };
  const share = triageBudget(otherBytes, triages.size);
  for (const [key, triage] of triages) {
    const fitted = fitTriage(key, triage, now, share);
    if (fitted.dropped === 0) continue;
    writes[key] = fitted.triage;
    dropped[key] = (dropped[key] ?? 0) + fitted.dropped;
  }
  return { writes, dropped };
}
