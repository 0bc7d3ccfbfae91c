import { type AuthMode, BugzillaApiError, type BugzillaClient, createClient } from '@bz-companion/shared';
import type { Tracker } from '../common/trackers.js';
import { oneAtATime } from './one-at-a-time.js';

export interface KeyCheck {
  authMode: AuthMode;
  /** The login, where the tracker has /rest/whoami (5.1, 5.3+, BMO, bz-companion). */
  login: string | null;
}

/**
 * Finds out how this tracker wants the key, by asking it rather than
 * guessing from a version number: 5.1, 5.3+ and BMO read the header and have
 * /rest/whoami; 5.0.x and 5.2.x ignore the header and have no whoami, but a
 * logged-in caller sees more parameters there than an anonymous one.
 * Throws the tracker's error when the key is rejected.
 */
export async function checkKey(tracker: Tracker, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<KeyCheck> {
  const base = { baseUrl: tracker.url, apiKey: tracker.apiKey, fetch: fetchImpl };
  const preferred = tracker.authPreference;
  if (preferred !== 'query') {
    try {
      const me = await createClient({ ...base, authMode: 'header' }).whoami({ signal });
      return { authMode: 'header', login: me.login ?? me.name };
    } catch (error) {
      const noWhoami = error instanceof BugzillaApiError && error.code === 32614;
      const headerIgnored = error instanceof BugzillaApiError && error.code === 410;
      if (preferred === 'header' || !(noWhoami || headerIgnored)) throw error;
    }
  }
  const client = createClient({ ...base, authMode: 'query' });
  try {
    const me = await client.whoami({ signal });
    return { authMode: 'query', login: me.login ?? me.name };
  } catch (error) {
    if (!(error instanceof BugzillaApiError && error.code === 32614)) throw error;
  }
  // No whoami (5.0/5.2): parameters says 306 to a bad key and shows more than two names to a good one.
  const { parameters } = await client.parameters({ signal });
  if (Object.keys(parameters).length <= 2) {
    throw new BugzillaApiError({
      status: 401,
      code: 410,
      message: 'The tracker did not accept the key as a login.',
      method: 'GET',
      url: `${tracker.url}rest/parameters`,
    });
  }
  return { authMode: 'query', login: null };
}

/**
 * The client for a tracker. Where the key goes in the query (Bugzilla
 * 5.0/5.2, which stamp the key's `last_used` on every request and fail one of
 * two that meet), this page's or worker's requests go one at a time.
 */
export function trackerClient(tracker: Tracker, authMode: AuthMode, fetchImpl: typeof fetch): BugzillaClient {
  const stampsKeyUse = authMode === 'query' && tracker.apiKey !== '';
  return createClient({
    baseUrl: tracker.url,
    apiKey: tracker.apiKey || undefined,
    authMode,
    fetch: stampsKeyUse ? oneAtATime(tracker.url, fetchImpl) : fetchImpl,
  });
}
