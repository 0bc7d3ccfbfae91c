import type { AuthMode } from '@bz-companion/shared';
import { LOCAL_ORIGIN_PATTERNS } from './local-origins.js';

/** How the API key is sent: `auto` probes the tracker once and remembers what works. */
export type AuthPreference = 'auto' | AuthMode;

/** One tracker as the options page sets it (storage.sync: it follows the user between browsers). */
export interface TrackerSettings {
  /** Stable across edits of the URL; names the tracker's key and state in storage.local. */
  id: string;
  /** Normalised, ending in `/`. */
  url: string;
  authPreference: AuthPreference;
  recordVisits: boolean;
  /** Desktop notifications when a visited bug changes (opt-in; absent in lists written by older versions). */
  notify?: boolean | undefined;
  /** Also follow the bugs the user is involved in (assignee, reporter, CC, QA contact), not only those visited. */
  followInvolved?: boolean | undefined;
  /** The name the inbox shows the tracker by; absent or empty: its host. */
  label?: string | undefined;
  /**
   * The user's login there, given in the options where the tracker cannot say whose key it is
   * (Bugzilla 5.0/5.2 have no whoami), and checked against the key when saved.
   */
  login?: string | undefined;
}

/** A tracker with its API key, which lives in storage.local only (a credential does not travel). */
export interface Tracker extends TrackerSettings {
  apiKey: string;
}

/** The origin pattern a tracker needs host permission for: `https://host/*`. */
export function originPattern(trackerUrl: string): string {
  const url = new URL(trackerUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Trackers on an origin the manifest grants, so no runtime permission request is needed. */
export function isLocalTracker(trackerUrl: string): boolean {
  return (LOCAL_ORIGIN_PATTERNS as readonly string[]).includes(originPattern(trackerUrl));
}

/** A new tracker's id: random, so two devices adding trackers never collide. */
export function newTrackerId(): string {
  return crypto.randomUUID();
}
