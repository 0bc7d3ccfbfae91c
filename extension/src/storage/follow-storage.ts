import { type FollowRecord, mergeVisits } from '../common/follow-record.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL } from './layout.js';

/**
 * The followed bugs of each tracker (storage.local). A tracker without a
 * record yet starts from the visits the previous version remembered
 * (`visited:<id>`, the 50 most recent), so nothing opened before is lost.
 */
export class FollowStorage {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async record(trackerId: string): Promise<FollowRecord> {
    const keys = [LOCAL.followed(trackerId), LOCAL.visited(trackerId)];
    const stored = await this.#platform.storage('local').get(keys);
    const record = stored[LOCAL.followed(trackerId)];
    if (record && typeof record === 'object') return record as FollowRecord;
    const visited = stored[LOCAL.visited(trackerId)];
    if (!visited || typeof visited !== 'object') return {};
    const visits = Object.entries(visited as Record<string, unknown>).flatMap(([id, at]) =>
      typeof at === 'number' ? [{ id, visitedAt: at }] : [],
    );
    return mergeVisits({}, visits);
  }

  async save(trackerId: string, record: FollowRecord): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.followed(trackerId)]: record });
  }
}
