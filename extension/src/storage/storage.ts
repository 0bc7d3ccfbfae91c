import { type DeliveryState, EMPTY_DELIVERY_STATE } from '../common/delivery-state.js';
import type { Tracker, TrackerSettings } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { LEGACY_DELIVERY_KEY, LOCAL, perTrackerLocalKeys, SYNC } from './keys.js';
import { trackerSettingsSchema } from './layout.js';
import { migrateLocal, migrateSync } from './migrations.js';

/** A removed tracker as it was: its settings, its place in the list, and its entries in storage.local. */
export interface RemovedTracker {
  settings: TrackerSettings;
  index: number;
  local: Record<string, unknown>;
}

/** What the options page saves as it changes, without Save. */
export type SettingsPatch = Partial<Pick<TrackerSettings, 'label' | 'recordVisits' | 'notify' | 'followInvolved'>>;

const migrations = new WeakMap<Platform, Promise<void>>();

/**
 * The one module that reads and writes storage. The list of trackers is in
 * storage.sync; each key and each delivery state is in storage.local under
 * the tracker's id. Every read first brings an older layout up to date.
 */
export class TrackerStorage {
  readonly #platform: Platform;

  constructor(platform: Platform) {
    this.#platform = platform;
  }

  async trackerSettings(): Promise<TrackerSettings[]> {
    await this.#migrate();
    return this.#readTrackerSettings();
  }

  /** Every tracker with its key ('' where this device has none: keys do not travel with the list). */
  async trackers(): Promise<Tracker[]> {
    const settings = await this.trackerSettings();
    const keys = await this.#platform.storage('local').get(settings.map((t) => LOCAL.apiKey(t.id)));
    return settings.map((t) => ({
      ...t,
      apiKey: typeof keys[LOCAL.apiKey(t.id)] === 'string' ? (keys[LOCAL.apiKey(t.id)] as string) : '',
    }));
  }

  /** Adds or replaces a tracker (by id); its key goes to storage.local only. */
  async saveTracker({ apiKey, ...settings }: Tracker): Promise<void> {
    await this.#migrate();
    await this.#platform.storage('local').set({ [LOCAL.apiKey(settings.id)]: apiKey });
    const list = await this.#readTrackerSettings();
    const at = list.findIndex((t) => t.id === settings.id);
    const next = at === -1 ? [...list, settings] : list.map((t, i) => (i === at ? settings : t));
    await this.#platform.storage('sync').set({ [SYNC.trackers]: next });
  }

  /**
   * Changes settings of a stored tracker that need no check of the tracker
   * (its label, what the extension does for it); the rest stays as stored.
   * False when the tracker is not in the list any more (removed elsewhere).
   */
  async updateSettings(id: string, patch: SettingsPatch): Promise<boolean> {
    await this.#migrate();
    const list = await this.#readTrackerSettings();
    const at = list.findIndex((t) => t.id === id);
    const before = list[at];
    if (!before) return false;
    const after: TrackerSettings = { ...before, ...patch };
    // An empty label is no label: the tracker is shown by its host again.
    if (!after.label?.trim()) delete after.label;
    list[at] = after;
    await this.#platform.storage('sync').set({ [SYNC.trackers]: list });
    return true;
  }

  /**
   * Removes a tracker with its key, queue, state, remembered visits and news;
   * returns all of it, so an Undo can put it back as it was.
   */
  async removeTracker(id: string): Promise<RemovedTracker | null> {
    await this.#migrate();
    const list = await this.#readTrackerSettings();
    const index = list.findIndex((t) => t.id === id);
    const local = await this.#platform.storage('local').get(perTrackerLocalKeys(id));
    await this.#platform.storage('sync').set({ [SYNC.trackers]: list.filter((t) => t.id !== id) });
    await this.#platform.storage('local').remove(perTrackerLocalKeys(id));
    const settings = list[index];
    return settings ? { settings, index, local } : null;
  }

  /** Undo of a removal: the tracker back at its place in the list, with everything it had on this device. */
  async restoreTracker({ settings, index, local }: RemovedTracker): Promise<void> {
    await this.#migrate();
    await this.#platform.storage('local').set(local);
    const list = (await this.#readTrackerSettings()).filter((t) => t.id !== settings.id);
    list.splice(Math.min(index, list.length), 0, settings);
    await this.#platform.storage('sync').set({ [SYNC.trackers]: list });
  }

  async readDelivery(id: string): Promise<DeliveryState> {
    await this.#migrate();
    const stored = (await this.#platform.storage('local').get([LOCAL.delivery(id)]))[LOCAL.delivery(id)];
    return { ...structuredClone(EMPTY_DELIVERY_STATE), ...(stored as Partial<DeliveryState> | undefined) };
  }

  async writeDelivery(id: string, state: DeliveryState): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.delivery(id)]: state });
  }

  /** Drops what is kept of trackers no longer in the list (removed here, or on another device); their keys stay until removed here. */
  async forgetRemovedTrackers(): Promise<void> {
    const ids = (await this.trackerSettings()).map((t) => t.id);
    const kept = new Set(ids.flatMap(perTrackerLocalKeys));
    const prefixes = perTrackerLocalKeys('').filter((prefix) => prefix !== LOCAL.apiKey(''));
    const stored = Object.keys(await this.#platform.storage('local').get(null));
    const orphans = stored.filter((key) => prefixes.some((prefix) => key.startsWith(prefix)) && !kept.has(key));
    if (orphans.length > 0) await this.#platform.storage('local').remove(orphans);
  }

  async lastUsed(): Promise<string | null> {
    const value = (await this.#platform.storage('local').get([LOCAL.lastUsed]))[LOCAL.lastUsed];
    return typeof value === 'string' ? value : null;
  }

  async setLastUsed(id: string): Promise<void> {
    await this.#platform.storage('local').set({ [LOCAL.lastUsed]: id });
  }

  async #readTrackerSettings(): Promise<TrackerSettings[]> {
    const stored = (await this.#platform.storage('sync').get([SYNC.trackers]))[SYNC.trackers];
    // Another device (another version) may have written the list: keep what is valid, drop the rest.
    return (Array.isArray(stored) ? stored : []).flatMap((entry) => {
      const parsed = trackerSettingsSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /**
   * Once per page or worker, shared by every TrackerStorage on the platform so
   * two never migrate at once; a page and the worker may both run it, which is
   * harmless (each step checks the version it finds and writes the same).
   */
  #migrate(): Promise<void> {
    let migrated = migrations.get(this.#platform);
    if (!migrated) {
      migrated = this.#runMigrations().catch((error: unknown) => {
        migrations.delete(this.#platform);
        throw error;
      });
      migrations.set(this.#platform, migrated);
    }
    return migrated;
  }

  async #runMigrations(): Promise<void> {
    const sync = this.#platform.storage('sync');
    const local = this.#platform.storage('local');
    const fromSync = migrateSync(await sync.get(null));
    if (fromSync) {
      // The key is written where it belongs before it is removed from where it must not stay.
      const keys = Object.entries(fromSync.keys).map(([id, key]) => [LOCAL.apiKey(id), key]);
      if (keys.length > 0) await local.set(Object.fromEntries(keys));
      await sync.set(fromSync.sync.set);
      await sync.remove(fromSync.sync.remove);
    }
    // Only the keys the step reads: storage.local holds every tracker's followed bugs (megabytes), and every
    // page of the extension runs this before its first paint.
    const fromLocal = migrateLocal(
      await local.get([LOCAL.version, LEGACY_DELIVERY_KEY]),
      await this.#readTrackerSettings(),
    );
    if (fromLocal) {
      await local.set(fromLocal.set);
      await local.remove(fromLocal.remove);
    }
  }
}
