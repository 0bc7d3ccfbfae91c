import type { TrackerInbox } from '../common/inbox-rows.js';
import type { RefreshTrouble } from '../common/news-state.js';
import { fixedInOptions, troubleWords } from '../ui/trouble-words.js';

/** A note's key among those dismissed: its tracker and its words. */
const noteKey = (trackerId: string, note: string) => `${trackerId} ${note}`;

type CannotNote = { tracker: TrackerInbox; line: string; key: string };

/** Each tracker whose refreshes fail, with Fix where the options fix it. */
function TroubleNotes({
  troubled,
  onFix,
}: {
  troubled: ReadonlyArray<readonly [TrackerInbox, RefreshTrouble]>;
  onFix: () => void;
}) {
  return (
    <ul class="trouble" data-testid="trouble" role="status">
      {troubled.map(([tracker, trouble]) => (
        <li key={tracker.id} data-tracker={tracker.id}>
          {troubleWords(tracker.label, trouble)}
          {fixedInOptions(trouble) && (
            <>
              {' '}
              <button type="button" onClick={onFix}>
                Fix
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What a tracker cannot give, each note dismissible. */
function CannotNotes({ cannot, onDismiss }: { cannot: readonly CannotNote[]; onDismiss: (key: string) => void }) {
  return (
    <ul class="cannot" data-testid="cannot">
      {cannot.map(({ tracker, line, key }) => (
        <li key={key}>
          <span>
            <strong>{tracker.label}</strong>: {line}
          </span>
          <button
            type="button"
            class="link dismiss"
            aria-label={`Dismiss this note about ${tracker.label}`}
            onClick={() => onDismiss(key)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Above the list: each tracker whose refreshes fail, said beside its rows (and marked on them),
 * with Fix where the options fix it; then, once each, what a tracker cannot give, dismissible.
 */
export function TrackerNotes({
  inboxes,
  dismissed,
  onDismiss,
  onFix,
}: {
  inboxes: readonly TrackerInbox[];
  dismissed: ReadonlySet<string>;
  onDismiss: (key: string) => void;
  onFix: () => void;
}) {
  const troubled = inboxes.flatMap((tracker) =>
    tracker.snapshot?.trouble ? [[tracker, tracker.snapshot.trouble] as const] : [],
  );
  const cannot = inboxes.flatMap((tracker) =>
    (tracker.snapshot?.cannot ?? [])
      .map((line) => ({ tracker, line, key: noteKey(tracker.id, line) }))
      .filter((note) => !dismissed.has(note.key)),
  );
  if (troubled.length === 0 && cannot.length === 0) return null;
  return (
    <div class="inbox-notes">
      {troubled.length > 0 && <TroubleNotes troubled={troubled} onFix={onFix} />}
      {cannot.length > 0 && <CannotNotes cannot={cannot} onDismiss={onDismiss} />}
    </div>
  );
}
