import type { InboxRow, TrackerInbox } from '../common/inbox-rows.js';
import { relativeTime } from '../common/relative-time.js';
import { troubleState } from '../ui/trouble-words.js';
import { Filters } from './SidebarFilters.js';
import { Pinned, type PinsProps } from './SidebarPins.js';

/** What the list shows: the bugs waiting, or the requests the user made of others. */
export type InboxView = 'waiting' | 'by-you';

/** Each tracker with when it was last looked at, or why its looks fail. */
function Trackers({ inboxes, now }: { inboxes: readonly TrackerInbox[]; now: number }) {
  return (
    <>
      <h2 id="trackers-heading">Trackers</h2>
      <ul class="trackers" aria-labelledby="trackers-heading" data-testid="trackers-checked">
        {inboxes.map((tracker) => (
          <li key={tracker.id} data-tracker={tracker.id}>
            <span class="label">{tracker.label}</span>{' '}
            <span class={tracker.snapshot?.trouble ? 'warning-text' : 'muted'}>
              {tracker.snapshot?.trouble
                ? troubleState(tracker.snapshot.trouble)
                : tracker.snapshot?.at
                  ? `checked ${relativeTime(tracker.snapshot.at, now)}`
                  : 'not checked yet'}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The two views, each with how many rows it holds. */
function Views({
  view,
  onView,
  waiting,
  byYou,
}: {
  view: InboxView;
  onView: (view: InboxView) => void;
  waiting: number;
  byYou: number;
}) {
  return (
    <>
      <h2 id="views-heading">Views</h2>
      <ul class="views" aria-labelledby="views-heading">
        <li>
          <button type="button" class="pin view" aria-pressed={view === 'waiting'} onClick={() => onView('waiting')}>
            <span>Waiting</span> <span class="count">{waiting}</span>
          </button>
        </li>
        <li>
          <button type="button" class="pin view" aria-pressed={view === 'by-you'} onClick={() => onView('by-you')}>
            <span>Requests by you</span> <span class="count">{byYou}</span>
          </button>
        </li>
      </ul>
    </>
  );
}

/**
 * The views (the bugs waiting, the requests by the user), the trackers and when each was looked at,
 * the pinned filters with their counts, and the filters, each value with its count among the rows
 * the other filters keep. After the list in the page, so Tab reaches the list first.
 */
export function Sidebar({
  rows,
  all,
  criteria,
  pins,
  onCriteria,
  onPins,
  view,
  onView,
  byYou,
  inboxes,
  now,
}: PinsProps & {
  /** The rows the filters keep. */
  rows: readonly InboxRow[];
  view: InboxView;
  onView: (view: InboxView) => void;
  /** How many requests by the user wait. */
  byYou: number;
  inboxes: readonly TrackerInbox[];
  now: number;
}) {
  return (
    <aside class="sidebar" aria-label="Views and filters">
      <Views view={view} onView={onView} waiting={all.length} byYou={byYou} />
      <Trackers inboxes={inboxes} now={now} />
      <Pinned all={all} criteria={criteria} pins={pins} onCriteria={onCriteria} onPins={onPins} />
      <Filters rows={rows} all={all} criteria={criteria} onCriteria={onCriteria} />
    </aside>
  );
}
