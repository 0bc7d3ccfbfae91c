import type { AuthMode } from '@bz-companion/shared';

/** How the API key is sent: `auto` probes the tracker once and remembers what works. */
export type AuthPreference = 'auto' | AuthMode;

/** Everything the user sets on the options page (storage.sync, so it follows them between browsers). */
export interface Settings {
  /** Normalised, ending in `/`. */
  trackerUrl: string;
  apiKey: string;
  authPreference: AuthPreference;
  /** Record visits to this tracker's bug pages. */
  trackingEnabled: boolean;
}

/** The local companion server, whose origins the manifest grants up front. */
export const LOCAL_COMPANION_URL = 'http://127.0.0.1:3080/';

/**
 * A build may preset the tracker and key (VITE_BZ_TRACKER_URL, VITE_BZ_API_KEY):
 * the Firefox smoke test does, because nothing can type into Firefox's options page there.
 */
const buildEnv = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const DEFAULT_SETTINGS: Settings = {
  trackerUrl: buildEnv.VITE_BZ_TRACKER_URL || LOCAL_COMPANION_URL,
  apiKey: buildEnv.VITE_BZ_API_KEY || '',
  authPreference: 'auto',
  trackingEnabled: true,
};

/** Fills in defaults for whatever storage holds, ignoring keys of the wrong type. */
export function settingsFrom(stored: Record<string, unknown>): Settings {
  const pick = <K extends keyof Settings>(key: K, valid: (value: unknown) => boolean): Settings[K] =>
    valid(stored[key]) ? (stored[key] as Settings[K]) : DEFAULT_SETTINGS[key];
  return {
    trackerUrl: pick('trackerUrl', (v) => typeof v === 'string' && v !== ''),
    apiKey: pick('apiKey', (v) => typeof v === 'string'),
    authPreference: pick('authPreference', (v) => v === 'auto' || v === 'header' || v === 'query'),
    trackingEnabled: pick('trackingEnabled', (v) => typeof v === 'boolean'),
  };
}

/** The origin pattern a tracker needs host permission for: `https://host/*`. */
export function originPattern(trackerUrl: string): string {
  const url = new URL(trackerUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Origins the manifest grants, so no runtime permission request is needed for them. */
export function isLocalTracker(trackerUrl: string): boolean {
  const { hostname } = new URL(trackerUrl);
  return hostname === '127.0.0.1' || hostname === 'localhost';
}
