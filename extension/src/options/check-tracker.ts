import { BugzillaApiError, createClient, NetworkError, ResponseShapeError } from '@bz-companion/shared';
import { asProblem, problemDetails } from '../common/problems.js';
import type { Tracker } from '../common/trackers.js';
import { checkKey, type KeyCheck } from '../tracker/client.js';

/** Why a tracker cannot be saved as typed, in words that say what to fix. */
export type CheckFailure = {
  ok: false;
  reason: 'no-rest-api' | 'http-only' | 'key-rejected' | 'unreachable' | 'other';
  text: string;
  /** What the tracker actually answered, for the details view only. */
  details: string;
};

export type TrackerCheck = ({ ok: true } & KeyCheck) | CheckFailure | { ok: true; authMode: null; login: null };

const KEY_REJECTED = new Set(['key-invalid', 'login-required', 'account-disabled']);

/**
 * Checks a tracker before it is stored: that a Bugzilla REST API answers
 * under its URL (`GET rest/version`, every 5.x has it, no key needed), on the
 * scheme typed, and then that it accepts the key. Never throws.
 */
export async function checkTracker(
  tracker: Tracker,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<TrackerCheck> {
  const api = `${tracker.url}rest/`;
  try {
    await createClient({ baseUrl: tracker.url, fetch: fetchImpl }).version({ signal });
  } catch (error) {
    if (error instanceof NetworkError) {
      if (await answersOnHttp(tracker.url, fetchImpl, signal)) {
        return fail('http-only', 'This tracker answers on http://, not https://. Change the URL to http://.', error);
      }
      return fail(
        'unreachable',
        `The tracker at ${new URL(tracker.url).host} cannot be reached. Check the URL, or save anyway to try again later.`,
        error,
      );
    }
    if (error instanceof ResponseShapeError || (error instanceof BugzillaApiError && error.status < 500)) {
      return fail(
        'no-rest-api',
        `No Bugzilla REST API at ${api} (${error.status}). Is the URL the tracker's front page?`,
        error,
      );
    }
    if (error instanceof BugzillaApiError) {
      return fail(
        'unreachable',
        `The tracker answered ${error.status} (unavailable). Save anyway to try again later.`,
        error,
      );
    }
    return fail('other', 'The tracker could not be checked.', error);
  }
  if (tracker.apiKey === '') return { ok: true, authMode: null, login: null };
  try {
    return { ok: true, ...(await checkKey(tracker, fetchImpl, signal)) };
  } catch (error) {
    const problem = asProblem(error);
    if (KEY_REJECTED.has(problem.kind)) {
      return fail('key-rejected', 'The tracker rejected this API key. Copy it again from the API key page.', error);
    }
    if (problem.kind === 'unreachable') {
      return fail(
        'unreachable',
        'The tracker stopped answering while the key was checked. Save anyway to try later.',
        error,
      );
    }
    return fail('other', 'The tracker could not check the key.', error);
  }
}

function fail(reason: CheckFailure['reason'], text: string, error: unknown): CheckFailure {
  return { ok: false, reason, text, details: problemDetails(asProblem(error)) };
}

/**
 * Whether an https:// URL's host answers on plain http. Read without CORS
 * (`no-cors`): the answer is opaque, but that it came at all is the point,
 * and no permission for the http origin is needed to learn it.
 */
async function answersOnHttp(url: string, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<boolean> {
  if (!url.startsWith('https://')) return false;
  try {
    await fetchImpl(`http://${url.slice('https://'.length)}rest/version`, {
      mode: 'no-cors',
      signal: signal ?? null,
      credentials: 'omit',
    });
    return true;
  } catch {
    return false;
  }
}
