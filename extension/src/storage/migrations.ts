import { normalizeBaseUrl } from '@bz-companion/shared';
import { type DeliveryState, EMPTY_DELIVERY_STATE } from '../background/local-state.js';
import { LOCAL_COMPANION_URL, type TrackerSettings } from '../common/trackers.js';
import {
  FIRST_TRACKER_ID,
  LEGACY_DELIVERY_KEY,
  LEGACY_SYNC_KEYS,
  LOCAL,
  SCHEMA_VERSION,
  SYNC,
  trackerSettingsSchema,
} from './layout.js';

/** What a migration writes to one storage area; applied as set first, then remove, so an interruption loses nothing. */
export interface AreaChange {
  set: Record<string, unknown>;
  remove: string[];
}

/** A build may preset the first tracker (VITE_BZ_TRACKER_URL, VITE_BZ_API_KEY): the Firefox smoke test does. */
const buildEnv = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function legacyUrl(value: unknown): string {
  try {
    return normalizeBaseUrl(text(value) || LOCAL_COMPANION_URL);
  } catch {
    return LOCAL_COMPANION_URL;
  }
}

/**
 * Sync area, version 1 (or nothing: a fresh install) to 2. The single
 * tracker becomes the first of the list; its key moves to local (returned
 * separately, as it must be written there before it is removed here).
 */
export function migrateSync(stored: Record<string, unknown>): { sync: AreaChange; firstKey: string } | null {
  if (stored[SYNC.version] !== undefined) return null;
  const fresh = LEGACY_SYNC_KEYS.every((key) => stored[key] === undefined);
  const first: TrackerSettings = fresh
    ? { id: FIRST_TRACKER_ID, url: legacyUrl(buildEnv.VITE_BZ_TRACKER_URL), authPreference: 'auto', recordVisits: true }
    : trackerSettingsSchema.parse({
        id: FIRST_TRACKER_ID,
        url: legacyUrl(stored.trackerUrl),
        authPreference: stored.authPreference,
        recordVisits: stored.trackingEnabled,
      });
  const firstKey = (fresh ? buildEnv.VITE_BZ_API_KEY : text(stored.apiKey))?.trim() ?? '';
  return {
    sync: { set: { [SYNC.version]: SCHEMA_VERSION, [SYNC.trackers]: [first] }, remove: [...LEGACY_SYNC_KEYS] },
    firstKey,
  };
}

/**
 * Local area, version 1 to 2: the one delivery state (its queue above all)
 * becomes the state of the tracker it was kept for, when that tracker is in
 * the list; a state for a tracker no longer configured is dropped, as the
 * single-tracker version dropped it.
 */
export function migrateLocal(stored: Record<string, unknown>, trackers: TrackerSettings[]): AreaChange | null {
  if (stored[LOCAL.version] !== undefined) return null;
  const set: Record<string, unknown> = { [LOCAL.version]: SCHEMA_VERSION };
  const legacy = stored[LEGACY_DELIVERY_KEY] as (Partial<DeliveryState> & { authModes?: unknown }) | undefined;
  const owner = trackers.find((tracker) => tracker.url === legacy?.trackerUrl);
  if (legacy && owner) {
    const authModes = (legacy.authModes ?? {}) as Record<string, DeliveryState['authMode']>;
    const { authModes: _dropped, ...rest } = legacy;
    set[LOCAL.delivery(owner.id)] = {
      ...structuredClone(EMPTY_DELIVERY_STATE),
      ...rest,
      authMode: authModes[owner.url] ?? null,
    } satisfies DeliveryState;
  }
  return { set, remove: legacy ? [LEGACY_DELIVERY_KEY] : [] };
}
