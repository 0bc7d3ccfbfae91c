import { useMemo } from 'preact/hooks';
import type { InboxRow, TrackerInbox } from '../common/inbox-rows.js';
import { REASON_LABELS, type Reason } from '../common/inbox-state.js';
import { relativeTime } from '../common/relative-time.js';
import { troubleState } from '../ui/trouble-words.js';
import {
  type Criteria,
  compact,
  describeCriteria,
  FACET_NAMES,
  type Facet,
  isEmptyCriteria,
  matches,
  narrowedCounts,
} from './filters.js';

const FACET_LABELS: Record<Facet, string> = {
  tracker: 'Tracker',
  reason: 'Reason',
  product: 'Product',
  component: 'Component',
  status: 'Status',
  field: 'Changed field',
};

const sameCriteria = (a: Criteria, b: Criteria) => describeCriteria(a) === describeCriteria(b);

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

/** One pinned filter: choosing it, with how many rows it keeps, and unpinning it. */
function PinItem({
  pin,
  all,
  criteria,
  pins,
  onCriteria,
  onPins,
}: {
  pin: Criteria;
  all: readonly InboxRow[];
  criteria: Criteria;
  pins: readonly Criteria[];
  onCriteria: (criteria: Criteria) => void;
  onPins: (pins: Criteria[]) => void;
}) {
  return (
    <li>
      <button type="button" class="pin" aria-pressed={sameCriteria(pin, criteria)} onClick={() => onCriteria(pin)}>
        <bdi dir="auto">{describeCriteria(pin)}</bdi>{' '}
        <span class="count">{all.filter((row) => matches(row, pin)).length}</span>
      </button>
      <button
        type="button"
        class="link unpin"
        aria-label={`Unpin ${describeCriteria(pin)}`}
        onClick={() => onPins(pins.filter((other) => !sameCriteria(other, pin)))}
      >
        ×
      </button>
    </li>
  );
}

interface PinsProps {
  /** Every row waiting (what the pins count). */
  all: readonly InboxRow[];
  criteria: Criteria;
  pins: readonly Criteria[];
  onCriteria: (criteria: Criteria) => void;
  onPins: (pins: Criteria[]) => void;
}

/** Everything, the pinned filters, and the button that pins the filters chosen (when not pinned yet). */
function Pinned({ all, criteria, pins, onCriteria, onPins }: PinsProps) {
  const pinned = pins.some((pin) => sameCriteria(pin, criteria));
  return (
    <>
      <h2 id="pinned-heading">Pinned</h2>
      <ul class="pins" aria-labelledby="pinned-heading">
        <li>
          <button type="button" class="pin" aria-pressed={isEmptyCriteria(criteria)} onClick={() => onCriteria({})}>
            <span>Everything</span> <span class="count">{all.length}</span>
          </button>
        </li>
        {pins.map((pin) => (
          <PinItem
            key={describeCriteria(pin)}
            pin={pin}
            all={all}
            criteria={criteria}
            pins={pins}
            onCriteria={onCriteria}
            onPins={onPins}
          />
        ))}
      </ul>
      {!isEmptyCriteria(criteria) && !pinned && (
        <button type="button" class="secondary" onClick={() => onPins([...pins, compact(criteria)])}>
          Pin “{describeCriteria(criteria)}”
        </button>
      )}
    </>
  );
}

/** One facet's choice: any, or one of its values with its count among the rows the other filters keep. */
function FacetSelect({
  facet,
  criteria,
  onCriteria,
  kept,
  counts,
}: {
  facet: Facet;
  criteria: Criteria;
  onCriteria: (criteria: Criteria) => void;
  /** How many rows the filters keep. */
  kept: number;
  counts: ReturnType<typeof narrowedCounts>;
}) {
  return (
    <label class="facet">
      {FACET_LABELS[facet]}
      <select
        value={criteria[facet] ?? ''}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onCriteria({ ...criteria, [facet]: chosen === '' ? undefined : chosen });
        }}
      >
        <option value="">Any ({kept})</option>
        {counts[facet].map(({ value: option, count }) => (
          <option key={option} value={option}>
            {facet === 'reason' ? (REASON_LABELS[option as Reason] ?? option) : option} ({count})
          </option>
        ))}
      </select>
    </label>
  );
}

/** Starred only, and each facet. */
function Filters({
  rows,
  all,
  criteria,
  onCriteria,
}: {
  rows: readonly InboxRow[];
  all: readonly InboxRow[];
  criteria: Criteria;
  onCriteria: (criteria: Criteria) => void;
}) {
  // Counted again only when the rows or the filters change (not on each render): up to thousands of rows.
  const counts = useMemo(() => narrowedCounts(all, criteria), [all, criteria]);
  return (
    <>
      <h2>Filters</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={criteria.starred === true}
          onChange={(event) => onCriteria({ ...criteria, starred: event.currentTarget.checked || undefined })}
        />{' '}
        Starred only
      </label>
      {FACET_NAMES.map((facet) => (
        <FacetSelect
          key={facet}
          facet={facet}
          criteria={criteria}
          onCriteria={onCriteria}
          kept={rows.length}
          counts={counts}
        />
      ))}
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
