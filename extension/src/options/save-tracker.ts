import { normalizeBaseUrl } from '@bz-companion/shared';
import { asProblem, describeProblem } from '../common/problems.js';
import { checkKey } from '../common/tracker.js';
import { isLocalTracker, originPattern, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import type { TrackerStorage } from '../storage/storage.js';

/** What Save says; `saved` is the tracker as stored (normalised), once it is. */
export type Outcome = { kind: 'ok' | 'error'; text: string; saved?: Tracker };

export interface OptionsContext {
  platform: Platform;
  storage: TrackerStorage;
}

const error = (text: string): Promise<Outcome> => Promise.resolve({ kind: 'error', text });

/**
 * The Save click. Firefox grants `permissions.request` only in the
 * synchronous part of a user-input handler, so everything before the
 * request is synchronous (normalising the URL, refusing a duplicate) and the
 * request is the first call that waits; storage and the key check come after.
 */
export function saveTracker(context: OptionsContext, draft: Tracker, saved: readonly Tracker[]): Promise<Outcome> {
  let url: string;
  try {
    url = normalizeBaseUrl(draft.url);
  } catch (failure) {
    return error((failure as Error).message.replace(/^bz-companion: /, ''));
  }
  if (saved.some((other) => other.id !== draft.id && other.url === url)) {
    return error(`${url} is already in the list: each tracker can be added once.`);
  }
  const origin = originPattern(url);
  const permission = isLocalTracker(url) ? Promise.resolve(true) : context.platform.requestHostPermission(origin);
  return permission.then(
    (granted) =>
      granted
        ? storeAndCheck(context, { ...draft, url, apiKey: draft.apiKey.trim() }, saved)
        : error(`Without permission for ${origin} the extension cannot reach the tracker.`),
    (failure: unknown) => error(`The browser did not grant access to ${origin}: ${String(failure)}`),
  );
}

async function storeAndCheck(context: OptionsContext, tracker: Tracker, saved: readonly Tracker[]): Promise<Outcome> {
  const before = saved.find((other) => other.id === tracker.id);
  await context.storage.saveTracker(tracker);
  if (before && before.url !== tracker.url) {
    // The old origin's permission goes back unless another tracker still needs it.
    await releaseOrigin(context, before.url, [...saved.filter((t) => t.id !== tracker.id), tracker]);
  }
  if (tracker.apiKey === '') return { kind: 'ok', text: 'Saved. Add an API key to record visits.', saved: tracker };
  try {
    const check = await checkKey(tracker, context.platform.fetch, AbortSignal.timeout(10_000));
    const how = check.authMode === 'header' ? 'as a header' : 'as a query parameter';
    return {
      kind: 'ok',
      text: check.login
        ? `Saved. Signed in as ${check.login} (key sent ${how}).`
        : `Saved. Key accepted (sent ${how}).`,
      saved: tracker,
    };
  } catch (failure) {
    return { kind: 'error', text: `Saved, but: ${describeProblem(asProblem(failure))}`, saved: tracker };
  }
}

/** Removes a tracker with its key, queue and state, and its origin permission if no other tracker needs it. */
export async function removeTracker(
  context: OptionsContext,
  tracker: Tracker,
  saved: readonly Tracker[],
): Promise<void> {
  await context.storage.removeTracker(tracker.id);
  await releaseOrigin(
    context,
    tracker.url,
    saved.filter((other) => other.id !== tracker.id),
  );
}

async function releaseOrigin(context: OptionsContext, url: string, remaining: readonly Tracker[]): Promise<void> {
  if (isLocalTracker(url)) return;
  const origin = originPattern(url);
  if (remaining.some((other) => originPattern(other.url) === origin)) return;
  await context.platform.removeHostPermission(origin);
}
