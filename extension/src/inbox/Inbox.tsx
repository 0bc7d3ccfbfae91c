import { useRef, useState } from 'preact/hooks';
import { bugPage } from '../common/bug-page.js';
import { type InboxRow, rowKey } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import type { FirstRead } from '../ui/first-read.js';
import { useFreshness } from '../ui/use-freshness.js';
import { AroundTheList } from './AroundTheList.js';
import type { ActChoice } from './act/ActDialog.js';
import { ByYou } from './ByYou.js';
import { InboxHeading } from './InboxHeader.js';
import { InboxList } from './InboxList.js';
import type { RowAction } from './inbox-actions.js';
import { keyHandler } from './key-handler.js';
import { Notice, Overlays } from './Overlays.js';
import type { InboxView } from './Sidebar.js';
import type { useCommands } from './use-commands.js';
import { useInboxKeys } from './use-inbox-keys.js';
import { type InboxPage, useInboxRows } from './use-inbox-rows.js';
import { useSelection } from './use-selection.js';

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

/** The bugs waiting, or the requests by the user. */
function TheList({
  page,
  view,
  row,
  selection,
  handlers,
}: {
  page: InboxPage;
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
