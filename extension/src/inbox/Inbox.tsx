import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { bugPage } from '../common/bug-page.js';
import { type InboxOrder, type InboxRow, inboxRows, ordered, rowKey, type TrackerInbox } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { InboxPrefs } from '../storage/inbox-prefs.js';
import { PinsStorage } from '../storage/pins-storage.js';
import type { FirstRead } from '../ui/first-read.js';
import { KEPT_PAINT, keepPaint } from '../ui/kept-paint.js';
import { useFreshness } from '../ui/use-freshness.js';
import { useInboxData } from '../ui/use-inbox-data.js';
import { type ActChoice, ActDialog } from './act/ActDialog.js';
import { type RowAct, useTrackerActions, withActs } from './act/use-tracker-actions.js';
import { ByYou, requestsByYou } from './ByYou.js';
import { KeyHelp, SnoozeMenu } from './Dialogs.js';
import { type Criteria, isEmptyCriteria, matches } from './filters.js';
import { InboxHeading, InboxToolbar } from './InboxHeader.js';
import { InboxList } from './InboxList.js';
import type { RowAction } from './inbox-actions.js';
import { keyHandler } from './key-handler.js';
import { listItems } from './list-items.js';
import { type InboxView, Sidebar } from './Sidebar.js';
import { TrackerNotes } from './TrackerNotes.js';
import { useActions } from './use-actions.js';
import { useCommands } from './use-commands.js';
import { useInboxKeys } from './use-inbox-keys.js';
import { useSelection } from './use-selection.js';

/** How tall a row is at the inbox's widest (its style's `--row-height`): the kept screenful's rows. */
const KEPT_ROW_HEIGHT = 68;

/**
 * The list is kept for the next opening's first paint once the frame that draws it has begun (a
 * layout effect runs as the render is committed; Preact runs a plain effect only after the next
 * frame), and after that frame: copying the page takes tens of ms that would hold the frame back.
 */
function useKeptForNextOpening(inboxes: TrackerInbox[]) {
  useLayoutEffect(() => {
    requestAnimationFrame(() => {
      setTimeout(() => {
        const app = document.getElementById('app');
        // The rows a window as tall as the screen (or this one, if taller) shows, not the list's whole
        // rendered window: the first paint lays out less, and a taller window next time finds its screenful.
        const tall = Math.max(window.innerHeight, screen.availHeight);
        if (app) keepPaint(KEPT_PAINT.inbox, app, Math.ceil(tall / KEPT_ROW_HEIGHT));
      });
    });
  }, [inboxes]);
}

/**
 * The rows waiting (`all`) and those the filters keep, in the order chosen, computed again only
 * when storage, the time, the filters or an action change, not on every key or scroll: thousands
 * of rows are sorted and filtered.
 */
function useListedRows(
  inboxes: TrackerInbox[],
  now: number,
  pendingSeen: ReadonlySet<string>,
  criteria: Criteria,
  order: InboxOrder,
  acts: ReadonlyMap<string, RowAct>,
) {
  const listed = useMemo(() => inboxRows(inboxes, now), [inboxes, now]);
  const all = useMemo(() => {
    const shown = pendingSeen.size === 0 ? listed : listed.filter((row) => !pendingSeen.has(rowKey(row)));
    return ordered(withActs(shown, acts), order);
  }, [listed, pendingSeen.size, acts, order]);
  const rows = useMemo(
    () => (isEmptyCriteria(criteria) ? all : all.filter((row) => matches(row, criteria))),
    [all, criteria],
  );
  return { all, rows };
}

function usePins(platform: Platform) {
  const storage = useMemo(() => new PinsStorage(platform), [platform]);
  const [pins, setPins] = useState<Criteria[]>([]);
  useEffect(() => void storage.read().then(setPins), [storage]);
  const save = (next: Criteria[]) => {
    setPins(next);
    void storage.save(next);
  };
  return [pins, save] as const;
}

/** The order chosen and the notes dismissed, kept in this browser. */
function useInboxPrefs(platform: Platform) {
  const storage = useMemo(() => new InboxPrefs(platform), [platform]);
  const [order, setOrder] = useState<InboxOrder>('needs-you');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    void storage.order().then(setOrder);
    void storage.dismissed().then((notes) => setDismissed(new Set(notes)));
  }, [storage]);
  return {
    order,
    setOrder(next: InboxOrder) {
      setOrder(next);
      void storage.setOrder(next);
    },
    dismissed,
    dismiss(note: string) {
      setDismissed((was) => new Set([...was, note]));
      void storage.dismiss(note);
    },
  };
}

/** Each tracker's rows that may be stale, by tracker id, with why (for the rows' marks). */
const staleTrackers = (inboxes: readonly TrackerInbox[]) =>
  new Map(
    inboxes.flatMap((tracker) =>
      tracker.snapshot?.trouble ? [[tracker.id, 'its last looks for changes failed']] : [],
    ),
  );

/** The snooze choices, the list of keys, the tracker actions, when asked for. */
function Overlays({
  commands,
  help,
  onHelpClose,
  acting,
  trackerActs,
  onActClose,
}: {
  commands: ReturnType<typeof useCommands>;
  help: boolean;
  onHelpClose: () => void;
  acting: { rows: InboxRow[]; choice: ActChoice | null } | null;
  trackerActs: ReturnType<typeof useTrackerActions>;
  onActClose: () => void;
}) {
  return (
    <>
      {commands.snoozing && (
        <SnoozeMenu
          count={commands.snoozing.length}
          now={Date.now()}
          onClose={commands.cancelSnooze}
          onSnooze={commands.snooze}
        />
      )}
      {help && <KeyHelp onClose={onHelpClose} />}
      {acting && (
        <ActDialog
          rows={acting.rows}
          choice={acting.choice}
          actions={trackerActs.actions}
          onAct={(action) => void trackerActs.act(acting.rows, action)}
          onClose={onActClose}
        />
      )}
    </>
  );
}

/** The last action and its Undo (and, after a collision, Send anyway), announced to screen readers. */
function Notice({ notice, onUndo }: { notice: ReturnType<typeof useCommands>['notice']; onUndo: () => void }) {
  return (
    <div class="notice" role="status">
      {notice && (
        <>
          {notice.text}.{' '}
          {notice.undo && (
            <button type="button" class="link" onClick={onUndo}>
              Undo (z)
            </button>
          )}
          {notice.sendAnyway && (
            <button type="button" class="link" onClick={notice.sendAnyway}>
              Send anyway
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** The tracker actions' words on the rows they were done to, forgotten once their tracker's refresh caught up. */
function useActsOnRows(inboxes: TrackerInbox[], trackerActs: ReturnType<typeof useTrackerActions>) {
  const { forgetBefore } = trackerActs;
  useEffect(() => {
    forgetBefore(new Map(inboxes.map((tracker) => [tracker.id, tracker.snapshot?.at ?? 0])));
  }, [inboxes, forgetBefore]);
  return useMemo(
    () => new Map([...trackerActs.acts].map(([key, act]) => [key, { words: act.words, state: act.state }])),
    [trackerActs.acts],
  );
}

/** What the inbox lists: every tracker's rows as stored, with the actions' effects, filtered and in the order chosen. */
function useInboxRows(platform: Platform, first: FirstRead) {
  const data = useInboxData(platform, first);
  const inboxes = data.inboxes ?? first.inboxes;
  const actions = useActions(platform);
  const prefs = useInboxPrefs(platform);
  const [criteria, setCriteria] = useState<Criteria>({});
  const clearSelection = useRef(() => {});
  const commands = useCommands(actions, (action) => action !== 'star' && clearSelection.current());
  const trackerActs = useTrackerActions(platform, commands.announce);
  const actWords = useActsOnRows(inboxes, trackerActs);
  const listed = useListedRows(inboxes, data.now, actions.pendingSeen, criteria, prefs.order, trackerActs.acts);
  const items = useMemo(() => listItems(listed.rows, prefs.order), [listed.rows, prefs.order]);
  const stale = useMemo(() => staleTrackers(inboxes), [inboxes]);
  useKeptForNextOpening(inboxes);
  return {
    inboxes,
    now: data.now,
    prefs,
    criteria,
    setCriteria,
    clearSelection,
    commands,
    trackerActs,
    actWords,
    ...listed,
    items,
    stale,
  };
}

/** The current row (kept within the list), and a tick that moves the keyboard's focus to it (j/k). */
function useCurrentRow(rows: readonly InboxRow[]) {
  const [current, setCurrent] = useState(0);
  const [focusTick, setFocusTick] = useState(0);
  const at = Math.min(current, Math.max(0, rows.length - 1));
  return {
    at,
    focusTick,
    setCurrent,
    indexOf: (key: string) => rows.findIndex((row) => rowKey(row) === key),
    move: (by: number) => {
      setCurrent(Math.max(0, Math.min(rows.length - 1, at + by)));
      setFocusTick((tick) => tick + 1);
    },
  };
}

type Page = ReturnType<typeof useInboxRows>;

/** Around the list: the tools, the notes, the views and filters. */
function AroundTheList({
  page,
  platform,
  selection,
  freshness,
  onHelp,
  searchRef,
  view,
  onView,
  onCriteria,
  filters,
}: {
  page: Page;
  platform: Platform;
  selection: ReturnType<typeof useSelection>;
  freshness: ReturnType<typeof useFreshness>;
  onHelp: () => void;
  searchRef: { current: HTMLInputElement | null };
  view: InboxView;
  onView: (view: InboxView) => void;
  onCriteria: (criteria: Criteria) => void;
  /** On a narrow window the filters fold away: whether they are open. */
  filters: { open: boolean; onToggle: () => void };
}) {
  const { rows, all, criteria, inboxes } = page;
  const [pins, setPins] = usePins(platform);
  const allSelected = rows.length > 0 && rows.every((row) => selection.selected.has(rowKey(row)));
  return (
    <>
      <InboxToolbar
        text={criteria.text ?? ''}
        onText={(text) => page.setCriteria({ ...criteria, text: text || undefined })}
        order={page.prefs.order}
        onOrder={page.prefs.setOrder}
        refresh={freshness}
        allSelected={allSelected}
        onSelectAll={selection.toggleAll}
        shown={rows.length}
        onDoneAll={() => void page.commands.run('done', rows)}
        onHelp={onHelp}
        searchRef={searchRef}
        filters={filters}
      />
      <TrackerNotes
        inboxes={inboxes}
        dismissed={page.prefs.dismissed}
        onDismiss={page.prefs.dismiss}
        onFix={() => void platform.openOptionsPage()}
      />
      <Sidebar
        rows={rows}
        all={all}
        criteria={criteria}
        pins={pins}
        onCriteria={onCriteria}
        onPins={setPins}
        view={view}
        onView={onView}
        byYou={requestsByYou(inboxes).length}
        inboxes={inboxes}
        now={page.now}
      />
    </>
  );
}

/** The bugs waiting, or the requests by the user. */
function TheList({
  page,
  view,
  row,
  selection,
  handlers,
}: {
  page: Page;
  view: InboxView;
  row: ReturnType<typeof useCurrentRow>;
  selection: ReturnType<typeof useSelection>;
  handlers: ReturnType<typeof rowHandlers>;
}) {
  if (view === 'by-you') return <ByYou inboxes={page.inboxes} now={page.now} />;
  return (
    <InboxList
      items={page.items}
      now={page.now}
      current={row.at}
      focusTick={row.focusTick}
      selected={selection.selected}
      anyWaiting={page.all.length > 0}
      stale={page.stale}
      acts={page.actWords}
      handlers={handlers}
    />
  );
}

const openBugs = (platform: Platform, rows: readonly InboxRow[]) => {
  for (const row of rows) void platform.openTab(bugPage(row.trackerUrl, row.bug));
};

/** What a click on a row does: by the row's key, as the list may have changed since it was drawn. */
function rowHandlers(
  row: ReturnType<typeof useCurrentRow>,
  selection: ReturnType<typeof useSelection>,
  commands: ReturnType<typeof useCommands>,
  act: (targets: InboxRow[]) => void,
) {
  return {
    onSelect: (key: string, range: boolean) => {
      selection.select(row.indexOf(key), range);
      row.setCurrent(row.indexOf(key));
    },
    onAction: (action: RowAction, key: string) => void commands.run(action, selection.targets(row.indexOf(key))),
    onAct: (key: string) => act(selection.targets(row.indexOf(key))),
    onFocusRow: (key: string) => row.setCurrent(row.indexOf(key)),
  };
}

/** The inbox: every tracker's bugs waiting, what needs the user first, with filters, actions, undo and keys. */
export function Inbox({ platform, first }: { platform: Platform; first: FirstRead }) {
  const page = useInboxRows(platform, first);
  const { inboxes, rows, all, commands, trackerActs } = page;
  const freshness = useFreshness(platform);
  const [view, setView] = useState<InboxView>('waiting');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [help, setHelp] = useState(false);
  const [acting, setActing] = useState<{ rows: InboxRow[]; choice: ActChoice | null } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const row = useCurrentRow(rows);
  const selection = useSelection(rows);
  page.clearSelection.current = selection.clear;
  const keys = keyHandler({
    rows,
    at: row.at,
    selection,
    move: row.move,
    run: (action, targets) => void commands.run(action, targets),
    act: (targets, choice) => setActing({ rows: targets, choice }),
    trackerAct: (targets, action) => void trackerActs.act(targets, action),
    open: (chosen) => openBugs(platform, chosen),
    search: () => searchRef.current?.focus(),
    help: () => setHelp(true),
    undo: () => void commands.undo(),
    refresh: freshness.onRefresh,
  });
  useInboxKeys(!help && !commands.snoozing && !acting, keys);
  const handlers = rowHandlers(row, selection, commands, (targets) => setActing({ rows: targets, choice: null }));
  return (
    <main class={filtersOpen ? 'inbox filters-open' : 'inbox'}>
      <InboxHeading inboxes={inboxes} shown={rows.length} waiting={all.length} />
      <TheList page={page} view={view} row={row} selection={selection} handlers={handlers} />
      <AroundTheList
        page={page}
        platform={platform}
        selection={selection}
        freshness={freshness}
        onHelp={() => setHelp(true)}
        searchRef={searchRef}
        view={view}
        onView={setView}
        onCriteria={(next) => {
          page.setCriteria(next);
          row.setCurrent(0);
        }}
        filters={{ open: filtersOpen, onToggle: () => setFiltersOpen((was) => !was) }}
      />
      <Notice notice={commands.notice} onUndo={() => void commands.undo()} />
      <Overlays
        commands={commands}
        help={help}
        onHelpClose={() => setHelp(false)}
        acting={acting}
        trackerActs={trackerActs}
        onActClose={() => setActing(null)}
      />
    </main>
  );
}
