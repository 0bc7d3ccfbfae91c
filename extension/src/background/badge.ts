import { describeProblem } from '../common/problems.js';
import type { TrackerSettings } from '../common/trackers.js';
import type { Badge } from '../platform/platform.js';
import type { DeliveryState } from './local-state.js';

const WARNING = '#d97706';
const QUEUED = '#1f6feb';
const CHANGED = '#1a7f37';

const waiting = (count: number) => `${count} visit${count === 1 ? '' : 's'} waiting to be sent`;

/** What is wrong with one tracker, in a sentence, or null. */
function trouble(state: DeliveryState): string | null {
  if (state.problem && state.problem.kind !== 'not-configured') return describeProblem(state.problem);
  if (state.clock?.trackerClocksDisagree) {
    return `the tracker's database and web clocks differ by ${state.clock.dbMinusWebSeconds} s`;
  }
  return null;
}

/**
 * The toolbar badge over every tracker: the total of queued visits; in the
 * warning colour (or `!` when nothing is queued) when any tracker has a
 * problem, with the tooltip naming each tracker in trouble. With no delivery
 * to report, the number of recently visited bugs changed since the visit
 * (`changed`, 0 where that count is turned off).
 */
export function badgeFor(
  trackers: ReadonlyArray<{ tracker: TrackerSettings; state: DeliveryState; changed?: number }>,
): Badge {
  const count = trackers.reduce((sum, { state }) => sum + state.queue.length, 0);
  const countText = count > 99 ? '99+' : String(count);
  const troubled = trackers.flatMap(({ tracker, state }) => {
    const what = trouble(state);
    return what === null ? [] : [`${new URL(tracker.url).host}: ${what}`];
  });
  const queuedLine = count > 0 ? ` ${waiting(count)}.` : '';
  if (troubled.length > 0) {
    return {
      text: count > 0 ? countText : '!',
      color: WARNING,
      title: `bz-companion: ${troubled.join(' ')}${queuedLine}`,
    };
  }
  if (count > 0) return { text: countText, color: QUEUED, title: `bz-companion: ${waiting(count)}` };
  const changed = trackers.reduce((sum, entry) => sum + (entry.changed ?? 0), 0);
  if (changed > 0) {
    const bugs = `${changed} recently visited bug${changed === 1 ? '' : 's'}`;
    return {
      text: changed > 99 ? '99+' : String(changed),
      color: CHANGED,
      title: `bz-companion: ${bugs} changed since your visit`,
    };
  }
  return { text: '', color: QUEUED, title: 'bz-companion' };
}
