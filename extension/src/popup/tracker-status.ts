import type { ClockSkew } from '@bz-companion/shared';
import type { DeliveryState } from '../common/delivery-state.js';
import type { Problem } from '../common/problems.js';
import type { Tracker } from '../common/trackers.js';

/** What the popup itself found on opening, which is newer than what the background last stored. */
export interface Seen {
  problem: Problem | null;
  clock: { ok: true; value: ClockSkew } | { ok: false };
}

/**
 * A tracker's status in a word or two, for the popup's switcher: what is
 * wrong first (the user has to act), then what is waiting, then clock trouble;
 * `refresh` is why the last looks for changes failed (a tracker down with no visit to send).
 * For the tracker shown, `seen` is what the body shows, so the two agree.
 */
export function trackerStatus(
  tracker: Tracker,
  state: DeliveryState | null,
  seen?: Seen,
  refresh?: Problem | null,
): string {
  if (tracker.apiKey === '') return 'no key';
  const delivering = state?.problem?.kind === 'not-configured' ? null : (state?.problem ?? null);
  // What this opening found first, then sending visits, then the last looks for changes.
  switch ((seen?.problem ?? delivering ?? refresh)?.kind) {
    case 'unreachable':
      return 'offline';
    case 'key-invalid':
    case 'account-disabled':
    case 'login-required':
      return 'key rejected';
    case 'no-permission':
      return 'no access';
    case 'server-error':
    case 'too-old':
    case 'unexpected':
      return 'error';
  }
  if (state && state.queue.length > 0) return `queued ${state.queue.length}`;
  const clock = seen?.clock.ok ? seen.clock.value : state?.clock;
  if (clock?.trackerClocksDisagree) return 'clock skew';
  if (!tracker.recordVisits) return 'paused';
  return 'ok';
}
