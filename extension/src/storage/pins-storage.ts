import type { Criteria } from '../common/inbox-criteria.js';
import type { Platform } from '../platform/platform.js';
import { SYNC } from './keys.js';

/** At most this many pinned filters (they travel in storage.sync). */
const MAX_PINS = 20;

/** The inbox's pinned filters (storage.sync: the same sidebar in every browser of the user). */
export class PinsStorage {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async read(): Promise<Criteria[]> {
    const stored = (await this.#platform.storage('sync').get([SYNC.pins]))[SYNC.pins];
    return Array.isArray(stored) ? stored.filter((pin): pin is Criteria => !!pin && typeof pin === 'object') : [];
  }

  async save(pins: readonly Criteria[]): Promise<void> {
    await this.#platform.storage('sync').set({ [SYNC.pins]: pins.slice(0, MAX_PINS) });
  }
}
