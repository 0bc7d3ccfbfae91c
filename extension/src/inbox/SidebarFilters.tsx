import { useMemo } from 'preact/hooks';
import type { InboxRow } from '../common/inbox-rows.js';
import { REASON_LABELS, type Reason } from '../common/inbox-state.js';
import { type Criteria, FACET_NAMES, type Facet, narrowedCounts } from './filters.js';

/** The sidebar's filters (Sidebar.tsx): starred only, and each facet with its counts. */

const FACET_LABELS: Record<Facet, string> = {
  tracker: 'Tracker',
  reason: 'Reason',
  product: 'Product',
  component: 'Component',
  status: 'Status',
  field: 'Changed field',
};

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
export function Filters({
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
