import type { Ref } from 'preact';
import type { TrackerInbox } from '../common/inbox-rows.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The count across trackers, the search box, the keys; below, once per tracker, what it cannot show. */
export function InboxHeader({
  inboxes,
  waiting,
  text,
  onText,
  onHelp,
  searchRef,
}: {
  inboxes: readonly TrackerInbox[];
  waiting: number;
  text: string;
  onText: (text: string) => void;
  onHelp: () => void;
  searchRef: Ref<HTMLInputElement>;
}) {
  const followed = inboxes.reduce((sum, tracker) => sum + (tracker.snapshot?.followed ?? 0), 0);
  const cannot = inboxes.flatMap((tracker) => (tracker.snapshot?.cannot ?? []).map((line) => [tracker.label, line]));
  return (
    <>
      <header class="inbox-head">
        <h1>Inbox</h1>
        <p class="muted" data-testid="inbox-count">
          {waiting} waiting across {plural(inboxes.length, 'tracker', 'trackers')} · {plural(followed, 'bug', 'bugs')}{' '}
          followed
        </p>
        <label class="search">
          <span class="visually-hidden">Search the summaries</span>
          <input
            ref={searchRef}
            type="search"
            placeholder="Search summaries ( / )"
            value={text}
            onInput={(event) => onText(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
          />
        </label>
        <button type="button" class="link" onClick={onHelp}>
          Keys (?)
        </button>
      </header>
      {cannot.length > 0 && (
        <ul class="cannot" data-testid="cannot">
          {cannot.map(([label, line]) => (
            <li key={`${label}${line}`}>
              <strong>{label}</strong>: {line}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
