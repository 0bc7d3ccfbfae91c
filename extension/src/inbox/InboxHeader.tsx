import type { Ref } from 'preact';
import type { InboxOrder, TrackerInbox } from '../common/inbox-rows.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The page's name and its count: the bugs shown of those waiting, across the trackers (it follows the filters). */
export function InboxHeading({
  inboxes,
  shown,
  waiting,
}: {
  inboxes: readonly TrackerInbox[];
  shown: number;
  waiting: number;
}) {
  const followed = inboxes.reduce((sum, tracker) => sum + (tracker.snapshot?.followed ?? 0), 0);
  const count = shown === waiting ? `${waiting} waiting` : `${shown} of ${waiting} waiting`;
  return (
    <header class="inbox-head">
      <h1>Inbox</h1>
      <p class="muted" data-testid="inbox-count">
        {count} across {plural(inboxes.length, 'tracker', 'trackers')} · {plural(followed, 'bug', 'bugs')} followed
      </p>
    </header>
  );
}

interface InboxToolbarProps {
  text: string;
  onText: (text: string) => void;
  order: InboxOrder;
  onOrder: (order: InboxOrder) => void;
  refresh: { checking: boolean; onRefresh: () => void };
  allSelected: boolean;
  onSelectAll: () => void;
  shown: number;
  onDoneAll: () => void;
  onHelp: () => void;
  searchRef: Ref<HTMLInputElement>;
  /** On a narrow window the filters fold away: whether they are open, and the button that opens them. */
  filters: { open: boolean; onToggle: () => void };
}

/** The search box (/ reaches it, Escape leaves it). */
function SearchBox({ text, onText, searchRef }: Pick<InboxToolbarProps, 'text' | 'onText' | 'searchRef'>) {
  return (
    <label class="search">
      <span class="visually-hidden">Search summaries, people, reasons and changed fields</span>
      <input
        ref={searchRef}
        type="search"
        placeholder="Search ( / ): words, from:, reason:, tracker:, field:"
        value={text}
        onInput={(event) => onText(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
      />
    </label>
  );
}

/** The list's order: what needs the user first, or the newest change first. */
function OrderChoice({ order, onOrder }: Pick<InboxToolbarProps, 'order' | 'onOrder'>) {
  return (
    <label class="order">
      Order{' '}
      <select value={order} onChange={(event) => onOrder(event.currentTarget.value as InboxOrder)}>
        <option value="needs-you">What needs you first</option>
        <option value="newest">Newest change first</option>
      </select>
    </label>
  );
}

/** The search (with its prefixes), the order, Refresh, select all and Done on everything shown, the keys. */
export function InboxToolbar({
  text,
  onText,
  order,
  onOrder,
  refresh,
  allSelected,
  onSelectAll,
  shown,
  onDoneAll,
  onHelp,
  searchRef,
  filters,
}: InboxToolbarProps) {
  return (
    <div class="inbox-tools">
      <button type="button" class="secondary filters-toggle" aria-expanded={filters.open} onClick={filters.onToggle}>
        Filters
      </button>
      <SearchBox text={text} onText={onText} searchRef={searchRef} />
      <OrderChoice order={order} onOrder={onOrder} />
      <button type="button" onClick={refresh.onRefresh} disabled={refresh.checking} title="Look for changes now (r)">
        {refresh.checking ? 'Checking…' : 'Refresh'}
      </button>
      <label class="check select-all">
        <input type="checkbox" checked={allSelected} disabled={shown === 0} onChange={onSelectAll} /> Select all shown
        (A)
      </label>
      <button type="button" class="secondary" disabled={shown === 0} onClick={onDoneAll}>
        Done: all {shown} shown
      </button>
      <button type="button" class="link" onClick={onHelp}>
        Keys (?)
      </button>
    </div>
  );
}
