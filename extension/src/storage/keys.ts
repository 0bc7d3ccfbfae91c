/**
 * Where everything lives, and in which version of the layout.
 * Version 1 (the single-tracker extension): sync held `trackerUrl`, `apiKey`,
 * `authPreference`, `trackingEnabled`; local held `delivery`.
 * Version 2: sync holds the list of trackers without keys; local holds each
 * tracker's key and delivery state under its id.
 */
export const SCHEMA_VERSION = 2;

/** The longest label a tracker can be given (the options' field, the inbox's chip). */
export const MAX_LABEL = 40;

export const SYNC = {
  version: 'schemaVersion',
  trackers: 'trackers',
  newsSettings: 'newsSettings',
  /** Done, muted, snoozed and starred bugs of one tracker (common/triage.ts), one item each. */
  triage: (id: string) => `triage:${id}`,
  /** The inbox's pinned filters. */
  pins: 'inboxPins',
} as const;
export const LOCAL = {
  version: 'schemaVersion',
  lastUsed: 'lastUsedTracker',
  /** The inbox's order: what needs the user first, or the newest change first. */
  inboxOrder: 'inboxOrder',
  /** The inbox's notes the user dismissed ("tracker id: note"), each said once. */
  dismissedNotes: 'dismissedNotes',
  apiKey: (id: string) => `apiKey:${id}`,
  delivery: (id: string) => `delivery:${id}`,
  /** The visits this browser recorded, by bug as the page named it (the 5.0/5.2 fallback). */
  visited: (id: string) => `visited:${id}`,
  /** The last refresh of recent visits and what changed since (first paint of the popup, badge). */
  news: (id: string) => `news:${id}`,
  /** What the popup showed last time, so it paints at once. */
  popupCache: (id: string) => `popupCache:${id}`,
  /** The tracker URL whose `GET /rest/bug_user_last_visit/{id}` is known to crash (5.0/5.2): not asked again. */
  visitReadsCrash: (id: string) => `visitReadsCrash:${id}`,
  /** Per bug, the time of the latest change a desktop notification was shown for (each change is told once). */
  notified: (id: string) => `notified:${id}`,
  /** The extension's own record of the bugs it follows (common/follow-record.ts): `[opened, seen]` by bug. */
  followed: (id: string) => `followed:${id}`,
  /** When desktop notifications were turned on for a tracker: nothing that happened before is told. */
  notifySince: (id: string) => `notifySince:${id}`,
  /** How many triage entries were dropped to fit the sync quota (said in the options). */
  triageDropped: (id: string) => `triageDropped:${id}`,
  /** Whose key it is (follow/kept-whoami.ts), for the URL, key and way of sending it it was asked with. */
  whoami: (id: string) => `whoami:${id}`,
} as const;

/** Every per-tracker key in storage.local, removed with the tracker. */
export const perTrackerLocalKeys = (id: string) => [
  LOCAL.apiKey(id),
  LOCAL.delivery(id),
  LOCAL.visited(id),
  LOCAL.news(id),
  LOCAL.popupCache(id),
  LOCAL.visitReadsCrash(id),
  LOCAL.notified(id),
  LOCAL.followed(id),
  LOCAL.triageDropped(id),
  LOCAL.notifySince(id),
  LOCAL.whoami(id),
];

export const LEGACY_SYNC_KEYS = ['trackerUrl', 'apiKey', 'authPreference', 'trackingEnabled'] as const;
export const LEGACY_DELIVERY_KEY = 'delivery';

/** The id of the first tracker, migrated or offered on a fresh install: fixed, so a repeated migration writes the same. */
export const FIRST_TRACKER_ID = 'first';
