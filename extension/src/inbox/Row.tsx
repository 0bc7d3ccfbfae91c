import { bugPage } from '../common/bug-page.js';
import { type InboxRow, rowKey } from '../common/inbox-rows.js';
import { reasonChips, rowWords, who } from '../ui/row-words.js';
import { When } from '../ui/When.js';

export interface RowHandlers {
  /** By the row's key, not its place: the list may have changed since it was drawn. */
  onSelect: (key: string, range: boolean) => void;
  onAction: (action: 'done' | 'mute' | 'snooze' | 'star' | 'seen', key: string) => void;
  onFocusRow: (key: string) => void;
}

/** The row's buttons: the action, its text, its accessible name for the bug, its key. */
const ROW_BUTTONS: Array<['done' | 'snooze' | 'mute' | 'seen', string, (name: string) => string, string]> = [
  ['done', 'Done', (name) => `Done: ${name}`, 'e'],
  ['snooze', 'Snooze', (name) => `Snooze ${name}`, 'b'],
  ['mute', 'Mute', (name) => `Mute ${name}`, 'm'],
  ['seen', 'Seen', (name) => `Mark ${name} as seen`, 'y'],
];

/**
 * One bug waiting: the tracker's label, number and summary (whole on hover),
 * why it is listed, what changed in words, who and when. Bug text is the
 * tracker's, in any direction: it is isolated (bdi, dir=auto).
 */
export function Row({
  row,
  now,
  current,
  selected,
  handlers,
}: {
  row: InboxRow;
  now: number;
  current: boolean;
  selected: boolean;
  handlers: RowHandlers;
}) {
  const { bug } = row;
  const summary = bug.summary ?? `Bug ${bug.id}`;
  const words = rowWords(bug);
  const by = who(bug);
  const name = `bug ${bug.id} on ${row.label}`;
  return (
    <li
      class={`inbox-row${current ? ' current' : ''}${selected ? ' selected' : ''}`}
      data-bug={bug.id}
      data-tracker={row.trackerId}
      aria-current={current ? 'true' : undefined}
    >
      <input
        type="checkbox"
        checked={selected}
        aria-label={`Select ${name}`}
        onClick={(event) => {
          event.preventDefault();
          handlers.onSelect(rowKey(row), event.shiftKey);
        }}
      />
      <button
        type="button"
        class={`star${row.starred ? ' on' : ''}`}
        aria-pressed={row.starred}
        aria-label={`Star ${name}`}
        title="Star (s)"
        onClick={() => handlers.onAction('star', rowKey(row))}
      >
        {row.starred ? '★' : '☆'}
      </button>
      <div class="body">
        <div class="first-line">
          <span class="tracker-label">{row.label}</span>
          <a
            class="line"
            href={bugPage(row.trackerUrl, bug)}
            target="_blank"
            rel="noreferrer"
            title={summary}
            onFocus={() => handlers.onFocusRow(rowKey(row))}
          >
            <span class="id">#{bug.id}</span>{' '}
            <bdi class="summary" dir="auto">
              {summary}
            </bdi>
          </a>
          {bug.news?.latest && <When at={bug.news.latest.at} now={now} />}
        </div>
        <div class="second-line">
          {reasonChips(bug).map((chip) => (
            <span key={chip} class="chip">
              {chip}
            </span>
          ))}
          <bdi class="what" dir="auto" title={words.join('\n')}>
            {words.join(' · ')}
          </bdi>
          {by && (
            <span class="who" title={bug.news?.latest?.who}>
              {' '}
              by {by}
            </span>
          )}
        </div>
      </div>
      <div class="actions">
        {ROW_BUTTONS.map(([action, label, named, key]) => (
          <button
            key={action}
            type="button"
            aria-label={named(name)}
            title={`${label} (${key})`}
            onClick={() => handlers.onAction(action, rowKey(row))}
          >
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}
