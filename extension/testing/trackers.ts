import type { Tracker } from '../src/common/trackers.js';
import { LOCAL, SCHEMA_VERSION, SYNC } from '../src/storage/keys.js';
import { TrackerStorage } from '../src/storage/storage.js';
import { KEY } from './companion.js';
import { MemoryPlatform } from './memory-platform.js';

/** A tracker with the test key and defaults; `id` defaults to one derived from its position. */
export type TrackerSpec = Partial<Tracker> & { url: string };

/** A platform whose storage holds these trackers (current layout), as the options page would have saved them. */
export async function platformWithTrackers(...specs: TrackerSpec[]) {
  const platform = new MemoryPlatform();
  platform.sync.data.set(SYNC.version, SCHEMA_VERSION);
  platform.sync.data.set(SYNC.trackers, []);
  platform.local.data.set(LOCAL.version, SCHEMA_VERSION);
  const storage = new TrackerStorage(platform);
  const trackers: Tracker[] = specs.map((spec, index) => ({
    id: `t${index + 1}`,
    apiKey: KEY,
    authPreference: 'auto',
    recordVisits: true,
    ...spec,
  }));
  for (const tracker of trackers) await storage.saveTracker(tracker);
  return { platform, storage, trackers };
}
