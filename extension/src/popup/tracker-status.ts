import type { DeliveryState } from '../background/local-state.js';
import type { Tracker } from '../common/trackers.js';

/**
 * A tracker's status in a word or two, for the popup's switcher: what is
 * wrong first (the user has to act), then what is waiting, then clock trouble.
 */
export function trackerStatus(tracker: Tracker, state: DeliveryState | null): string {
  if (tracker.apiKey === '') return 'no key';
  switch (state?.problem?.kind) {
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
  if (state?.clock?.trackerClocksDisagree) return 'clock skew';
  if (!tracker.recordVisits) return 'paused';
  return 'ok';
}
