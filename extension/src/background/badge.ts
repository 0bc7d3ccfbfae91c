import { describeProblem } from '../common/problems.js';
import type { Badge } from '../platform/platform.js';
import type { DeliveryState } from './local-state.js';

const WARNING = '#d97706';
const QUEUED = '#1f6feb';

const waiting = (count: number) => `${count} visit${count === 1 ? '' : 's'} waiting to be sent`;

/**
 * The toolbar badge for a state: a problem first (with the queued count, if
 * any, in the warning colour), then clock trouble, then the queued count.
 */
export function badgeFor(state: DeliveryState): Badge {
  const count = state.queue.length;
  const countText = count > 99 ? '99+' : String(count);
  if (state.problem && state.problem.kind !== 'not-configured') {
    const title = `bz-companion: ${describeProblem(state.problem)}${count > 0 ? ` ${waiting(count)}.` : ''}`;
    return { text: count > 0 ? countText : '!', color: WARNING, title };
  }
  if (state.clock?.trackerClocksDisagree) {
    const seconds = state.clock.dbMinusWebSeconds;
    return {
      text: '!',
      color: WARNING,
      title: `bz-companion: the tracker's database and web clocks differ by ${seconds} s`,
    };
  }
  if (count > 0) return { text: countText, color: QUEUED, title: `bz-companion: ${waiting(count)}` };
  return { text: '', color: QUEUED, title: 'bz-companion' };
}
