import { parseTriage, type Triage } from '../common/triage.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL, SYNC } from './layout.js';
import { fitTriage } from './triage-quota.js';

/**
 * Done, muted, snoozed and starred bugs per tracker, in storage.sync (they
 * follow the user between browsers), each tracker in one item that fits the
 * sync quota; what had to be dropped to fit is counted in storage.local.
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

  async write(trackerId: string, triage: Triage, now: number): Promise<void> {
    const key = SYNC.triage(trackerId);
    const fitted = fitTriage(key, triage, now);
    await this.#platform.storage('sync').set({ [key]: fitted.triage });
    if (fitted.dropped > 0) {
      const dropped = await this.dropped(trackerId);
      await this.#platform.storage('local').set({ [LOCAL.triageDropped(trackerId)]: dropped + fitted.dropped });
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
