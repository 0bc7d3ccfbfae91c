import { type AuthMode, normalizeBaseUrl } from '@bz-companion/shared';
import { trackerLabel } from '../common/inbox-rows.js';
import { isLocalTracker, originPattern, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import type { RemovedTracker, TrackerStorage } from '../storage/storage.js';
import { forgetPaint, KEPT_PAINT } from '../ui/kept-paint.js';
import { checkLogin } from './check-login.js';
import { checkTracker } from './check-tracker.js';
import { sameAddress } from './same-address.js';

/**
 * What Save says; `saved` is the tracker as stored (normalised), once it is.
 * A refused Save stores nothing; `saveAnyway` offers to store it unchecked
 * (a tracker down for now), `details` is what the tracker actually answered.
 */
export type Outcome = {
  kind: 'ok' | 'error';
  text: string;
  saved?: Tracker;
  saveAnyway?: boolean;
  details?: string;
  /** The field to fix, marked invalid in the form. */
  field?: 'url' | 'key' | 'login';
};

export interface OptionsContext {
  platform: Platform;
  storage: TrackerStorage;
}

const error = (text: string, field?: 'url'): Promise<Outcome> =>
  Promise.resolve(field ? { kind: 'error', text, field } : { kind: 'error', text });

/**
 * The Save click. Firefox grants `permissions.request` only in the
 * synchronous part of a user-input handler, so everything before the
 * request is synchronous (normalising the URL, refusing a duplicate) and the
 * request is the first call that waits; storage and the key check come after.
 */
export function saveTracker(
  context: OptionsContext,
  draft: Tracker,
  saved: readonly Tracker[],
  { unchecked = false }: { unchecked?: boolean } = {},
): Promise<Outcome> {
  let url: string;
  try {
    url = normalizeBaseUrl(draft.url);
  } catch (failure) {
    return error((failure as Error).message.replace(/^bz-companion: /, ''));
  }
  if (saved.some((other) => other.id !== draft.id && other.url === url)) {
    return error(`${url} is already in the list: each tracker can be added once.`, 'url');
  }
  for (const other of saved) {
    const why = other.id === draft.id ? null : sameAddress(url, other.url);
    if (why !== null) {
      return error(
        `${url} is the same tracker as ${trackerLabel(other)} (${other.url}), already in the list: ${why}. Each tracker can be added once.`,
        'url',
      );
    }
  }
  const origin = originPattern(url);
  const permission = isLocalTracker(url) ? Promise.resolve(true) : context.platform.requestHostPermission(origin);
  return permission.then(
    (granted) =>
      granted
        ? checkAndStore(context, { ...draft, url, apiKey: draft.apiKey.trim() }, saved, unchecked)
        : error(`Without permission for ${origin} the extension cannot reach the tracker.`),
    (failure: unknown) => error(`The browser did not grant access to ${origin}: ${String(failure)}`),
  );
}

/** Stores the tracker only once it answers as a Bugzilla that takes the key (or when the user said "Save anyway"). */
async function checkAndStore(
  context: OptionsContext,
  tracker: Tracker,
  saved: readonly Tracker[],
  unchecked: boolean,
): Promise<Outcome> {
  if (unchecked) {
    await store(context, tracker, saved);
    return { kind: 'ok', text: 'Saved without a check. Visits are kept until the tracker answers.', saved: tracker };
  }
  const check = await checkTracker(tracker, context.platform.fetch, AbortSignal.timeout(10_000));
  if (!check.ok) {
    return {
      kind: 'error',
      text: check.text,
      details: check.details,
      saveAnyway: check.reason === 'unreachable',
      field: check.reason === 'key-rejected' ? 'key' : 'url',
    };
  }
  const login = await loginOf(context, tracker, check);
  if (login.failure) return login.failure;
  const stored: Tracker = { ...tracker, login: login.value };
  if (!stored.login) delete stored.login;
  await store(context, stored, saved);
  if (check.authMode === null) return { kind: 'ok', text: 'Saved. Add an API key to record visits.', saved: stored };
  const how = check.authMode === 'header' ? 'as a header' : 'as a query parameter';
  const who = check.login ?? login.value;
  return {
    kind: 'ok',
    text: who
      ? `Saved. Signed in as ${who} (key sent ${how}).`
      : `Saved. Key accepted (sent ${how}). This tracker does not say whose key it is: enter your login above, so the inbox can show what needs you.`,
    saved: stored,
  };
}

/**
 * The login kept for the tracker: none where it says whose key it is (whoami wins; a login typed
 * that is not the key's is refused), else the one typed, once the tracker confirms it is the key's.
 */
async function loginOf(
  context: OptionsContext,
  tracker: Tracker,
  check: { authMode: AuthMode | null; login: string | null },
): Promise<{ value: string | undefined; failure?: Outcome }> {
  const typed = tracker.login?.trim() || undefined;
  if (!typed || check.authMode === null) return { value: typed };
  if (check.login !== null) {
    if (check.login.toLowerCase() === typed.toLowerCase()) return { value: undefined };
    return {
      value: undefined,
      failure: {
        kind: 'error',
        text: `This API key is ${check.login}'s, not ${typed}'s. Leave the login empty: this tracker says whose key it is.`,
        field: 'login',
      },
    };
  }
  const verdict = await checkLogin(tracker, check.authMode, context.platform.fetch, typed);
  if (verdict.ok) return { value: typed };
  return { value: undefined, failure: { kind: 'error', text: verdict.text, details: verdict.details, field: 'login' } };
}

async function store(context: OptionsContext, tracker: Tracker, saved: readonly Tracker[]): Promise<void> {
  const before = saved.find((other) => other.id === tracker.id);
  await context.storage.saveTracker(tracker);
  if (before && before.url !== tracker.url) {
    // The old origin's permission goes back unless another tracker still needs it.
    await releaseOrigin(context, before.url, [...saved.filter((t) => t.id !== tracker.id), tracker]);
  }
}

/**
 * Removes a tracker with its key, queue and state, and its origin permission
 * if no other tracker needs it; returns what Undo needs to put it back.
 */
export async function removeTracker(
  context: OptionsContext,
  tracker: Tracker,
  saved: readonly Tracker[],
): Promise<RemovedTracker | null> {
  const removed = await context.storage.removeTracker(tracker.id);
  // What the popup and the inbox kept for their first paint may show this tracker's bugs.
  forgetPaint(KEPT_PAINT.popup);
  forgetPaint(KEPT_PAINT.inbox);
  await releaseOrigin(
    context,
    tracker.url,
    saved.filter((other) => other.id !== tracker.id),
  );
  return removed;
}

/**
 * Undo of Remove: asks for the origin again first (a click handler, as for
 * Save), then puts the tracker back with its key, queue and state.
 */
export function undoRemove(context: OptionsContext, removed: RemovedTracker): Promise<boolean> {
  const url = removed.settings.url;
  const permission = isLocalTracker(url)
    ? Promise.resolve(true)
    : context.platform.requestHostPermission(originPattern(url));
  return permission.then(async (granted) => {
    // Put back even without the permission: the popup then says what is missing, and nothing typed is lost.
    await context.storage.restoreTracker(removed);
    return granted;
  });
}

async function releaseOrigin(context: OptionsContext, url: string, remaining: readonly Tracker[]): Promise<void> {
  if (isLocalTracker(url)) return;
  const origin = originPattern(url);
  if (remaining.some((other) => originPattern(other.url) === origin)) return;
  await context.platform.removeHostPermission(origin);
}
