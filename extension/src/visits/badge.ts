import type { DeliveryState } from '../common/delivery-state.js';
import { describeProblem, type Problem } from '../common/problems.js';
import type { TrackerSettings } from '../common/trackers.js';
import type { Badge } from '../platform/platform.js';

/** One meaning per colour: green counts changed bugs; orange says a tracker needs a look (the count stays). */
export const BADGE_CHANGED = '#1a7f37';
export const BADGE_PROBLEM = '#b45309';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What is wrong with one tracker, in a sentence, or null: sending visits, or looking for changes (`refresh`). */
function trouble(state: DeliveryState, refresh: Problem | null): string | null {
  const problem = state.problem ?? refresh;
  if (problem && problem.kind !== 'not-configured') return describeProblem(problem);
  if (state.clock?.trackerClocksDisagree) {
    return `the tracker's database and web clocks differ by ${Math.abs(state.clock.dbMinusWebSeconds)} s.`;
  }
  return null;
}

/**
 * The toolbar badge over every tracker. Its number is always the changed
 * bugs (those you visited, changed by others since; 0 where that count is
 * turned off). A tracker in trouble adds `!` and turns it orange, never
 * hiding the number; the tooltip names each tracker in trouble and the
 * visits waiting. Visits waiting with no trouble are on their way: no mark.
 */
export function badgeFor(
  trackers: ReadonlyArray<{
    tracker: TrackerSettings;
    state: DeliveryState;
    changed?: number;
    /** Why the last refreshes of what changed failed, if they did (a tracker down with no visit to send). */
    refresh?: Problem | null;
  }>,
): Badge {
  const changed = trackers.reduce((sum, entry) => sum + (entry.changed ?? 0), 0);
  const waiting = trackers.reduce((sum, { state }) => sum + state.queue.length, 0);
  const troubled = trackers.flatMap(({ tracker, state, refresh }) => {
    const what = trouble(state, refresh ?? null);
    return what === null ? [] : [`${new URL(tracker.url).host}: ${what}`];
  });
  const count = changed === 0 ? '' : changed > 99 ? '99+' : String(changed);
  const lines = [
    ...(changed > 0 ? [`${plural(changed, 'bug', 'bugs')} you visited changed since.`] : []),
    ...troubled,
    ...(waiting > 0 && troubled.length > 0 ? [`${plural(waiting, 'visit', 'visits')} waiting to be sent.`] : []),
  ];
  return {
    text: troubled.length > 0 ? `${count}!` : count,
    color: troubled.length > 0 ? BADGE_PROBLEM : BADGE_CHANGED,
    title: lines.length > 0 ? `bz-companion\n${lines.join('\n')}` : 'bz-companion',
  };
}
