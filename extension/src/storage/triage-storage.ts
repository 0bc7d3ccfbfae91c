import { parseTriage, type Triage } from '../common/triage.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL, SYNC } from './keys.js';
import { fitSyncedTriage } from './triage-quota.js';

/**
 * Done, muted, snoozed and starred bugs per tracker, in storage.sync (they
 * follow the user between browsers), each tracker in one item that fits the
 * sync quota (its share of it, beside the other trackers'); what had to be
 * dropped to fit is counted in storage.local.
 */
export class TriageStorage {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async read(trackerIds: readonly string[]): Promise<Map<string, Triage>> {
    const stored = await this.#platform.storage('sync').get(trackerIds.map(SYNC.triage));
    return new Map(trackerIds.map((id) => [id, parseTriage(stored[SYNC.triage(id)])]));
  }

  /** Stores one tracker's triage; others' are fitted to their share in the same write when all would pass the quota. */
  async write(trackerId: string, triage: Triage, now: number): Promise<void> {
    const sync = this.#platform.storage('sync');
    const prefix = SYNC.triage('');
    const { writes, dropped } = fitSyncedTriage(
      await sync.get(null),
      prefix,
      { key: SYNC.triage(trackerId), triage },
      now,
    );
    await sync.set(writes);
    for (const [key, count] of Object.entries(dropped)) {
      const id = key.slice(prefix.length);
      await this.#platform.storage('local').set({ [LOCAL.triageDropped(id)]: (await this.dropped(id)) + count });
    }
  }

  /** How many triage entries had to be dropped to fit the sync quota, ever, for this tracker. */
  async dropped(trackerId: string): Promise<number> {
    const value = (await this.#platform.storage('local').get([LOCAL.triageDropped(trackerId)]))[
      LOCAL.triageDropped(trackerId)
    ];
    return typeof value === 'number' ? value : 0;
  }
}
