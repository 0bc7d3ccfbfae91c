import { normalizeBaseUrl } from '@bz-companion/shared';
import { type DeliveryState, EMPTY_DELIVERY_STATE } from '../common/delivery-state.js';
import type { TrackerSettings } from '../common/trackers.js';
import { FIRST_TRACKER_ID, LEGACY_DELIVERY_KEY, LEGACY_SYNC_KEYS, LOCAL, SCHEMA_VERSION, SYNC } from './keys.js';
import { trackerSettingsSchema } from './layout.js';

/** What a migration writes to one storage area; applied as set first, then remove, so an interruption loses nothing. */
export interface AreaChange {
  set: Record<string, unknown>;
  remove: string[];
}

/**
 * A build may preset the trackers of a fresh install: VITE_BZ_TRACKERS, a JSON
 * list of `{url, apiKey}`. The Firefox smoke test does, because nothing can
 * type into Firefox's options page there.
 */
const buildEnv = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

/** What version 1 used when no URL was stored. */
const LEGACY_DEFAULT_URL = 'http://127.0.0.1:3080/';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A stored URL made canonical, or null when it is not one (nothing is invented in its place). */
function legacyUrl(value: unknown): string | null {
  try {
    return normalizeBaseUrl(text(value) ?? '');
  } catch {
    return null;
  }
}

/**
 * The trackers a fresh install starts with: the build's preset, else none
 * (the options page opens as a welcome and the user enters their own).
 */
function freshTrackers(): Array<{ url: string; apiKey: string }> {
  const preset = buildEnv.VITE_BZ_TRACKERS ? (JSON.parse(buildEnv.VITE_BZ_TRACKERS) as unknown) : null;
  if (!Array.isArray(preset)) return [];
  return preset.flatMap((entry: { url?: unknown; apiKey?: unknown }) => {
    const url = legacyUrl(entry.url);
    return url === null ? [] : [{ url, apiKey: text(entry.apiKey)?.trim() ?? '' }];
  });
}

/**
 * Sync area, version 1 (or nothing: a fresh install) to 2. The single
 * tracker becomes the first of the list; its key moves to local (returned
 * separately, as it must be written there before it is removed here). Ids
 * are fixed, so a repeated migration writes the same.
 */
export function migrateSync(
  stored: Record<string, unknown>,
): { sync: AreaChange; keys: Record<string, string> } | null {
  if (stored[SYNC.version] !== undefined) return null;
  const fresh = LEGACY_SYNC_KEYS.every((key) => stored[key] === undefined);
  const trackers: TrackerSettings[] = [];
  const keys: Record<string, string> = {};
  if (fresh) {
    freshTrackers().forEach(({ url, apiKey }, index) => {
      const id = index === 0 ? FIRST_TRACKER_ID : `preset-${index + 1}`;
      trackers.push({ id, url, authPreference: 'auto', recordVisits: true });
      if (apiKey !== '') keys[id] = apiKey;
    });
  } else {
    // The single-tracker version defaulted to the local companion: a stored setting without a URL meant it.
    const url = legacyUrl(text(stored.trackerUrl) || LEGACY_DEFAULT_URL);
    if (url !== null) {
      trackers.push(
        trackerSettingsSchema.parse({
          id: FIRST_TRACKER_ID,
          url,
          authPreference: stored.authPreference,
          recordVisits: stored.trackingEnabled,
        }),
      );
      const key = text(stored.apiKey)?.trim() ?? '';
      if (key !== '') keys[FIRST_TRACKER_ID] = key;
    }
  }
  return {
    sync: { set: { [SYNC.version]: SCHEMA_VERSION, [SYNC.trackers]: trackers }, remove: [...LEGACY_SYNC_KEYS] },
    keys,
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
