import type { InboxRow } from '../common/inbox-rows.js';
import { type Criteria, compact, describeCriteria, isEmptyCriteria, matches } from './filters.js';

/** The sidebar's pinned filters (Sidebar.tsx), each with how many rows it keeps. */

const sameCriteria = (a: Criteria, b: Criteria) => describeCriteria(a) === describeCriteria(b);

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

export interface PinsProps {
  /** Every row waiting (what the pins count). */
  all: readonly InboxRow[];
  criteria: Criteria;
  pins: readonly Criteria[];
  onCriteria: (criteria: Criteria) => void;
  onPins: (pins: Criteria[]) => void;
}

/** Everything, the pinned filters, and the button that pins the filters chosen (when not pinned yet). */
export function Pinned({ all, criteria, pins, onCriteria, onPins }: PinsProps) {
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
