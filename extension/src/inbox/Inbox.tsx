import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { bugPage } from '../common/bug-page.js';
import { type InboxRow, inboxRows, rowKey, type TrackerInbox } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { PinsStorage } from '../storage/pins-storage.js';
import type { FirstRead } from '../ui/first-read.js';
import { KEPT_PAINT, keepPaint } from '../ui/kept-paint.js';
import { useInboxData } from '../ui/use-inbox-data.js';
import { KeyHelp, SnoozeMenu } from './Dialogs.js';
import { type Criteria, isEmptyCriteria, matches } from './filters.js';
import { InboxHeader } from './InboxHeader.js';
import { InboxList, ROW_HEIGHT } from './InboxList.js';
import type { RowAction } from './inbox-actions.js';
import type { InboxKey } from './keys.js';
import { Sidebar } from './Sidebar.js';
import { useActions } from './use-actions.js';
import { useCommands } from './use-commands.js';
import { useInboxKeys } from './use-inbox-keys.js';
import { useSelection } from './use-selection.js';

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
        if (app) keepPaint(KEPT_PAINT.inbox, app, Math.ceil(tall / ROW_HEIGHT));
      });
    });
  }, [inboxes]);
}

/**
 * The rows waiting (`all`) and those the filters keep, computed again only
 * when storage, the time or the filters change, not on every key or scroll:
 * thousands of rows are sorted and filtered.
 */
function useListedRows(inboxes: TrackerInbox[], now: number, pendingSeen: ReadonlySet<string>, criteria: Criteria) {
  const listed = useMemo(() => inboxRows(inboxes, now), [inboxes, now]);
  const all = pendingSeen.size === 0 ? listed : listed.filter((row) => !pendingSeen.has(rowKey(row)));
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

function openAll(platform: Platform, rows: readonly InboxRow[]) {
  for (const row of rows) void platform.openTab(bugPage(row.trackerUrl, row.bug));
}

/** What each key does, given what the page can do. */
function keyHandler(does: {
  move: (by: number) => void;
  select: (shift: boolean) => void;
  act: (action: RowAction) => void;
  open: () => void;
  openSelected: () => void;
  search: () => void;
  help: () => void;
  undo: () => void;
}) {
  return (key: InboxKey, shift: boolean) => {
    if (key === 'down' || key === 'up') does.move(key === 'down' ? 1 : -1);
    else if (key === 'select') does.select(shift);
    else if (key === 'done' || key === 'mute' || key === 'star' || key === 'snooze' || key === 'seen') does.act(key);
    else if (key === 'open') does.open();
    else if (key === 'open-selected') does.openSelected();
    else if (key === 'search') does.search();
    else if (key === 'help') does.help();
    else does.undo();
  };
}

/** The snooze choices and the list of keys, when asked for. */
function Overlays({
  commands,
  help,
  onHelpClose,
}: {
  commands: ReturnType<typeof useCommands>;
  help: boolean;
  onHelpClose: () => void;
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
    </>
  );
}

/** The last action and its Undo, announced to screen readers. */
function Notice({ text, onUndo }: { text: string | null; onUndo: () => void }) {
  return (
    <div class="notice" role="status">
      {text && (
        <>
          {text}.{' '}
          <button type="button" class="link" onClick={onUndo}>
            Undo (z)
          </button>
        </>
      )}
    </div>
  );
}

/** The inbox: every tracker's bugs waiting, newest change first, with filters, actions, undo and keys. */
export function Inbox({ platform, first }: { platform: Platform; first: FirstRead }) {
  const data = useInboxData(platform, first);
  const inboxes = data.inboxes ?? first.inboxes;
  const now = data.now;
  const actions = useActions(platform);
  const [criteria, setCriteria] = useState<Criteria>({});
  const [pins, setPins] = usePins(platform);
  const [current, setCurrent] = useState(0);
  const [help, setHelp] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  useKeptForNextOpening(inboxes);

  const { all, rows } = useListedRows(inboxes, now, actions.pendingSeen, criteria);
  const at = Math.min(current, Math.max(0, rows.length - 1));
  const indexOf = (key: string) => rows.findIndex((row) => rowKey(row) === key);
  const selection = useSelection(rows);
  const commands = useCommands(actions, (action) => action !== 'star' && selection.clear());
  const open = (chosen: readonly InboxRow[]) => openAll(platform, chosen);
  const onKey = keyHandler({
    move: (by) => setCurrent(Math.max(0, Math.min(rows.length - 1, at + by))),
    select: (shift) => selection.select(at, shift),
    act: (action) => void commands.run(action, selection.targets(at)),
    open: () => open(rows[at] ? [rows[at]] : []),
    openSelected: () => open(selection.targets(-1)),
    search: () => searchRef.current?.focus(),
    help: () => setHelp(true),
    undo: () => void commands.undo(),
  });
  useInboxKeys(!help && !commands.snoozing, onKey);

  return (
    <main class="inbox">
      <InboxHeader
        inboxes={inboxes}
        waiting={all.length}
        text={criteria.text ?? ''}
        onText={(text) => setCriteria({ ...criteria, text: text || undefined })}
        onHelp={() => setHelp(true)}
        searchRef={searchRef}
      />
      <div class="inbox-body">
        <Sidebar
          rows={all}
          criteria={criteria}
          pins={pins}
          onCriteria={(next) => {
            setCriteria(next);
            setCurrent(0);
          }}
          onPins={setPins}
        />
        <InboxList
          rows={rows}
          now={now}
          current={at}
          selected={selection.selected}
          anyWaiting={all.length > 0}
          handlers={{
            onSelect: (key, range) => {
              selection.select(indexOf(key), range);
              setCurrent(indexOf(key));
            },
            onAction: (action, key) => void commands.run(action, selection.targets(indexOf(key))),
            onFocusRow: (key) => setCurrent(indexOf(key)),
          }}
        />
      </div>
      <Notice text={commands.notice?.text ?? null} onUndo={() => void commands.undo()} />
      <Overlays commands={commands} help={help} onHelpClose={() => setHelp(false)} />
    </main>
  );
}
