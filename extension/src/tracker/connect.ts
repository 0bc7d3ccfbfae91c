import type { BugzillaClient } from '@bz-companion/shared';
import type { DeliveryState } from '../common/delivery-state.js';
import { asProblem } from '../common/problems.js';
import { isLocalTracker, originPattern, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { checkKey, trackerClient } from './client.js';

/**
 * A client for the tracker, or null with the reason in `state.problem`: no
 * key on this device, no permission for its origin, or a key it rejects. How
 * the key is sent is detected once and kept in the state.
 */
export async function connect(
  platform: Platform,
  state: DeliveryState,
  tracker: Tracker,
): Promise<BugzillaClient | null> {
  if (tracker.apiKey === '') {
    state.problem = { kind: 'not-configured' };
    return null;
  }
  if (state.problem?.kind === 'not-configured') state.problem = null;
  if (!isLocalTracker(tracker.url)) {
    const origin = originPattern(tracker.url);
    if (!(await platform.hasHostPermission(origin))) {
      state.problem = { kind: 'no-permission', origin };
      return null;
    }
  }
  let mode = tracker.authPreference === 'auto' ? state.authMode : tracker.authPreference;
  if (!mode) {
    try {
      mode = (await checkKey(tracker, platform.fetch)).authMode;
      state.authMode = mode;
    } catch (error) {
      state.problem = asProblem(error);
      return null;
    }
  }
  return trackerClient(tracker, mode, platform.fetch);
}
