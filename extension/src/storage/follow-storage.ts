import { type FollowRecord, mergeVisits } from '../common/follow-record.js';
import type { Platform } from '../platform/platform.js';
import { LOCAL } from './keys.js';
import { readSnapshot } from './news-value.js';

/**
 * The followed bugs of each tracker (storage.local). A tracker without a
 * record yet starts from the visits the previous version remembered
 * (`visited:<id>`, the 50 most recent) and from the bugs its last refresh
 * listed, so nothing opened before is lost.
 */
export class FollowStorage {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async record(trackerId: string): Promise<FollowRecord> {
    const keys = [
      LOCAL.followed(trackerId),
      LOCAL.visited(trackerId),
      LOCAL.delivery(trackerId),
      LOCAL.news(trackerId),
    ];
    const stored = await this.#platform.storage('local').get(keys);
    const record = stored[LOCAL.followed(trackerId)];
    if (record && typeof record === 'object') return record as FollowRecord;
    return mergeVisits({}, [...rememberedVisits(stored, trackerId), ...lastRefreshVisits(stored, trackerId)]);
  }

  async save(trackerId: string, record: FollowRecord): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.followed(trackerId)]: record });
  }
}

type Visit = { id: number | string; visitedAt: number };

/**
 * The visits the previous version remembered. A page named by its alias was
 * remembered by it; the record follows numbers, so the alias is resolved
 * where delivering its visit already did.
 */
function rememberedVisits(stored: Record<string, unknown>, trackerId: string): Visit[] {
  const visited = stored[LOCAL.visited(trackerId)];
  if (!visited || typeof visited !== 'object') return [];
  const aliases = (stored[LOCAL.delivery(trackerId)] as { aliasIds?: Record<string, number> } | undefined)?.aliasIds;
  return Object.entries(visited as Record<string, unknown>).flatMap(([bug, at]) =>
    typeof at === 'number' ? [{ id: aliases?.[bug] ?? bug, visitedAt: at }] : [],
  );
}

/** The visits the previous version's last refresh listed (the tracker's own record then), so none waits for the tracker to answer again. */
function lastRefreshVisits(stored: Record<string, unknown>, trackerId: string): Visit[] {
  const snapshot = readSnapshot(stored[LOCAL.news(trackerId)]) as { bugs?: unknown } | null;
  if (!Array.isArray(snapshot?.bugs)) return [];
  return snapshot.bugs.flatMap((bug: { id?: unknown; visitedAt?: unknown }) =>
    typeof bug?.id === 'number' && typeof bug.visitedAt === 'number' ? [{ id: bug.id, visitedAt: bug.visitedAt }] : [],
  );
}
