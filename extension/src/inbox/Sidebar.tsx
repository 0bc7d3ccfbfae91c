import { useMemo } from 'preact/hooks';
import type { InboxRow } from '../common/inbox-rows.js';
import { REASON_LABELS, type Reason } from '../common/inbox-state.js';
import {
  type Criteria,
  compact,
  describeCriteria,
  FACET_NAMES,
  type Facet,
  facetCounts,
  isEmptyCriteria,
  matches,
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

/** The filters (each value with its count among the rows) and the pinned filters with theirs. */
export function Sidebar({
  rows,
  criteria,
  pins,
  onCriteria,
  onPins,
}: {
  rows: readonly InboxRow[];
  criteria: Criteria;
  pins: readonly Criteria[];
  onCriteria: (criteria: Criteria) => void;
  onPins: (pins: Criteria[]) => void;
}) {
  const pinned = pins.some((pin) => sameCriteria(pin, criteria));
  // Counted again only when the rows change (not on each render): up to thousands of rows.
  const counts = useMemo(() => facetCounts(rows), [rows]);
  return (
    <aside class="sidebar" aria-label="Filters">
      <h2 id="pinned-heading">Pinned</h2>
      <ul class="pins" aria-labelledby="pinned-heading">
        <li>
          <button type="button" class="pin" aria-pressed={isEmptyCriteria(criteria)} onClick={() => onCriteria({})}>
            <span>Everything</span> <span class="count">{rows.length}</span>
          </button>
        </li>
        {pins.map((pin) => (
          <li key={describeCriteria(pin)}>
            <button
              type="button"
              class="pin"
              aria-pressed={sameCriteria(pin, criteria)}
              onClick={() => onCriteria(pin)}
            >
              <bdi dir="auto">{describeCriteria(pin)}</bdi>{' '}
              <span class="count">{rows.filter((row) => matches(row, pin)).length}</span>
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
        ))}
      </ul>
      {!isEmptyCriteria(criteria) && !pinned && (
        <button type="button" class="secondary" onClick={() => onPins([...pins, compact(criteria)])}>
          Pin “{describeCriteria(criteria)}”
        </button>
      )}
      <h2>Filters</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={criteria.starred === true}
          onChange={(event) => onCriteria({ ...criteria, starred: event.currentTarget.checked || undefined })}
        />{' '}
        Starred only
      </label>
      {FACET_NAMES.map((facet) => {
        const value = criteria[facet] ?? '';
        return (
          <label key={facet} class="facet">
            {FACET_LABELS[facet]}
            <select
              value={value}
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                onCriteria({ ...criteria, [facet]: chosen === '' ? undefined : chosen });
              }}
            >
              <option value="">Any ({rows.length})</option>
              {counts[facet].map(({ value: option, count }) => (
                <option key={option} value={option}>
                  {facet === 'reason' ? (REASON_LABELS[option as Reason] ?? option) : option} ({count})
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </aside>
  );
}
