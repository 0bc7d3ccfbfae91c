import { bugPage } from '../common/bug-page.js';
import { type InboxRow, rowKey } from '../common/inbox-rows.js';
import { needsWords, reasonChips, rowWords, who } from '../ui/row-words.js';
import { When } from '../ui/When.js';
import type { RowAction } from './inbox-actions.js';

export interface RowHandlers {
  /** By the row's key, not its place: the list may have changed since it was drawn. */
  onSelect: (key: string, range: boolean) => void;
  onAction: (action: RowAction, key: string) => void;
  /** The tracker actions (reply, status, answer, review, take, CC), asked in a dialog. */
  onAct: (key: string) => void;
  onFocusRow: (key: string) => void;
}

/** The row's buttons: the action, its text, its accessible name for the bug, its key. */
const ROW_BUTTONS: Array<['done' | 'snooze' | 'mute' | 'seen', string, (name: string) => string, string]> = [
  ['done', 'Done', (name) => `Done: ${name}`, 'e'],
  ['snooze', 'Snooze', (name) => `Snooze ${name}`, 'b'],
  ['mute', 'Mute', (name) => `Mute ${name}`, 'm'],
  ['seen', 'Seen', (name) => `Mark ${name} as seen`, 'y'],
];

/** The row's checkbox and star: only the current row's are in the Tab order. */
function RowMarks({
  row,
  name,
  selected,
  tab,
  handlers,
}: {
  row: InboxRow;
  name: string;
  selected: boolean;
  tab: number;
  handlers: RowHandlers;
}) {
  const key = rowKey(row);
  return (
    <>
      <input
        type="checkbox"
        checked={selected}
        tabIndex={tab}
        aria-label={`Select ${name}`}
        onClick={(event) => {
          event.preventDefault();
          handlers.onSelect(key, event.shiftKey);
        }}
      />
      <button
        type="button"
        class={`star${row.starred ? ' on' : ''}`}
        tabIndex={tab}
        aria-pressed={row.starred}
        aria-label={`Star ${name}`}
        title="Star (s)"
        onClick={() => handlers.onAction('star', key)}
      >
        {row.starred ? '★' : '☆'}
      </button>
    </>
  );
}

/** The row's buttons: the tracker actions' dialog, then Done, Snooze, Mute and Seen. */
function RowButtons({ row, name, tab, handlers }: { row: InboxRow; name: string; tab: number; handlers: RowHandlers }) {
  const key = rowKey(row);
  return (
    <div class="actions">
      <button
        type="button"
        tabIndex={tab}
        aria-label={`Act on ${name}`}
        title="Reply, status, review… (a)"
        onClick={() => handlers.onAct(key)}
      >
        Act…
      </button>
      {ROW_BUTTONS.map(([action, label, named, shortcut]) => (
        <button
          key={action}
          type="button"
          tabIndex={tab}
          aria-label={named(name)}
          title={`${label} (${shortcut})`}
          onClick={() => handlers.onAction(action, key)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The row's second line: a tracker action's result, what needs the user, why it is listed, what changed, who. */
function RowDetails({
  row,
  now,
  id,
  stale,
  act,
}: {
  row: InboxRow;
  now: number;
  id: string;
  stale: string | null;
  act: { words: string; state: string } | null;
}) {
  const { bug } = row;
  const needs = needsWords(bug, now);
  const words = rowWords(bug, row.me);
  const by = who(bug);
  return (
    <div class="second-line" id={id}>
      {act && <span class={`act-state ${act.state}`}>{act.words}</span>}
      {needs.length > 0 && <span class="needs-words">{needs.join(' · ')}</span>}
      {reasonChips(bug).map((chip) => (
        <span key={chip} class="chip">
          {chip}
        </span>
      ))}
      <bdi class="what" dir="auto" title={[...needs, ...words].join('\n')}>
        {words.join(' · ')}
      </bdi>
      {by && (
        <span class="who" title={bug.news?.latest?.who}>
          {' '}
          by {by}
        </span>
      )}
      {stale && <span class="visually-hidden">. {stale}</span>}
    </div>
  );
}

interface RowProps {
  row: InboxRow;
  index: number;
  now: number;
  current: boolean;
  selected: boolean;
  handlers: RowHandlers;
  /** Why the row may be stale (its tracker's refreshes fail), or null. */
  stale: string | null;
  /** What a tracker action done to the bug says ("sending…", "✓ status RESOLVED FIXED"), or null. */
  act: { words: string; state: string } | null;
}

/** The row's classes: current, selected, and whether something of it needs the user. */
const rowClass = (current: boolean, selected: boolean, needs: boolean) =>
  `inbox-row${current ? ' current' : ''}${selected ? ' selected' : ''}${needs ? ' needs' : ''}`;

/**
 * One bug waiting: the tracker's label, number and summary (whole on hover), what needs the user
 * first (a request of them, the bug now theirs), why it is listed, what changed in words, who and
 * when. Bug text is the tracker's, in any direction: it is isolated (bdi, dir=auto). Only the
 * current row's controls are in the Tab order: j/k move between rows, Tab within one.
 */
export function Row({ row, index, now, current, selected, handlers, stale, act }: RowProps) {
  const { bug } = row;
  const summary = bug.summary ?? `Bug ${bug.id}`;
  const name = `bug ${bug.id} on ${row.label}`;
  const tab = current ? 0 : -1;
  const details = `details-${row.trackerId}-${bug.id}`;
  return (
    <li
      class={rowClass(current, selected, row.needs !== null)}
      data-bug={bug.id}
      data-tracker={row.trackerId}
      data-index={index}
      aria-current={current ? 'true' : undefined}
    >
      <RowMarks row={row} name={name} selected={selected} tab={tab} handlers={handlers} />
      <div class="body">
        <div class="first-line">
          <span class={`tracker-label${stale ? ' stale' : ''}`} title={stale ?? undefined}>
            {row.label}
            {stale && <span aria-hidden="true"> ⚠</span>}
          </span>
          <a
            class="line"
            href={bugPage(row.trackerUrl, bug)}
            target="_blank"
            rel="noreferrer"
            title={summary}
            tabIndex={tab}
            aria-describedby={details}
            onFocus={() => handlers.onFocusRow(rowKey(row))}
          >
            <span class="id">#{bug.id}</span>{' '}
            <bdi class="summary" dir="auto">
              {summary}
            </bdi>
          </a>
          {bug.news?.latest && <When at={bug.news.latest.at} now={now} />}
        </div>
        <RowDetails row={row} now={now} id={details} stale={stale} act={act} />
      </div>
      <RowButtons row={row} name={name} tab={tab} handlers={handlers} />
    </li>
  );
}
