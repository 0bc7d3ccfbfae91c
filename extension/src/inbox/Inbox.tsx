import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type InboxRow, inboxRows, rowKey } from '../common/inbox-rows.js';
import { bugPage } from '../news/notifications.js';
import type { Platform } from '../platform/platform.js';
import { PinsStorage } from '../storage/pins-storage.js';
import { KeyHelp, SnoozeMenu } from './Dialogs.js';
import { type Criteria, matches } from './filters.js';
import { type Applied, InboxActions, type RowAction, UNDO_MS } from './inbox-actions.js';
import { inboxKey } from './keys.js';
import { Row } from './Row.js';
import { Sidebar } from './Sidebar.js';
import { useInboxData } from './use-inbox-data.js';
import { visibleWindow } from './virtual-window.js';

export const ROW_HEIGHT = 68;

/** The last action, undoable until `until`. */
interface Notice extends Applied {
  until: number;
}

/** For `npm run bench`: milliseconds from opening to a mark, set once. */
function mark(name: 'firstPaintMs' | 'listMs') {
  requestAnimationFrame(() => {
    document.documentElement.dataset[name] ??= String(Math.round(performance.now()));
  });
}

/** The inbox: every tracker's bugs waiting, newest change first, with filters, actions, undo and keys. */
export function Inbox({ platform }: { platform: Platform }) {
  const { inboxes, now } = useInboxData(platform);
  const [, rerender] = useState(0);
  const actions = useMemo(() => new InboxActions(platform, () => rerender((n) => n + 1)), [platform]);
  const pinsStorage = useMemo(() => new PinsStorage(platform), [platform]);
  const [criteria, setCriteria] = useState<Criteria>({});
  const [pins, setPins] = useState<Criteria[]>([]);
  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [snoozing, setSnoozing] = useState<InboxRow[] | null>(null);
  const [help, setHelp] = useState(false);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => void pinsStorage.read().then(setPins), [pinsStorage]);
  useEffect(() => {
    const flush = () => actions.flushSeen();
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [actions]);

  const all = useMemo(
    () => (inboxes ? inboxRows(inboxes, now).filter((row) => !actions.pendingSeen.has(rowKey(row))) : []),
    [inboxes, now, actions.pendingSeen.size],
  );
  const rows = useMemo(() => all.filter((row) => matches(row, criteria)), [all, criteria]);
  const at = Math.min(current, Math.max(0, rows.length - 1));

  useEffect(() => {
    if (inboxes) mark('firstPaintMs');
  }, [inboxes]);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScroll({ top: list.scrollTop, height: list.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [inboxes !== null]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.until - Date.now());
    return () => clearTimeout(timer);
  }, [notice]);

  const targets = (index: number): InboxRow[] => {
    const chosen = rows.filter((row) => selected.has(rowKey(row)));
    if (chosen.length > 0 && (index < 0 || selected.has(rowKey(rows[index] as InboxRow)))) return chosen;
    const row = rows[index];
    return row ? [row] : [];
  };

  const act = async (action: RowAction, index: number, until?: number) => {
    const chosen = targets(index);
    if (action === 'snooze' && until === undefined) {
      setSnoozing(chosen);
      return;
    }
    const applied = await actions.apply(action, chosen, until);
    if (!applied) return;
    if (action !== 'star') setSelected(new Set());
    setNotice({ ...applied, until: Date.now() + UNDO_MS });
  };

  const undo = async () => {
    if (!notice || Date.now() > notice.until) return;
    setNotice(null);
    await notice.undo();
  };

  const open = (chosen: readonly InboxRow[]) => {
    for (const row of chosen) void platform.openTab(bugPage(row.trackerUrl, row.bug));
  };

  const select = (index: number, range: boolean) => {
    const next = new Set(selected);
    const from = range && anchor !== null ? Math.min(anchor, index) : index;
    const to = range && anchor !== null ? Math.max(anchor, index) : index;
    const on = !selected.has(rowKey(rows[index] as InboxRow));
    for (let i = from; i <= to; i++) {
      const key = rowKey(rows[i] as InboxRow);
      if (on) next.add(key);
      else next.delete(key);
    }
    setSelected(next);
    setAnchor(index);
    setCurrent(index);
  };

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setCurrent(next);
    const list = listRef.current;
    if (!list) return;
    const top = next * ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (snoozing || help) return;
      const key = inboxKey(event);
      if (key === null) return;
      event.preventDefault();
      if (key === 'down') moveTo(at + 1);
      else if (key === 'up') moveTo(at - 1);
      else if (key === 'select' && rows[at]) select(at, event.shiftKey);
      else if (key === 'done' || key === 'mute' || key === 'star' || key === 'snooze' || key === 'seen') void act(key, at);
      else if (key === 'open') open(rows[at] ? [rows[at]] : []);
      else if (key === 'open-selected') open(targets(-1));
      else if (key === 'search') searchRef.current?.focus();
      else if (key === 'help') setHelp(true);
      else if (key === 'undo') void undo();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  if (!inboxes) return <main class="inbox" aria-busy="true" />;
  const window = visibleWindow(rows.length, ROW_HEIGHT, scroll.top, scroll.height);
  const cannot = inboxes.flatMap((tracker) => (tracker.snapshot?.cannot ?? []).map((line) => [tracker.label, line]));
  const followed = inboxes.reduce((sum, tracker) => sum + (tracker.snapshot?.followed ?? 0), 0);
  return (
    <main class="inbox">
      <header class="inbox-head">
        <h1>Inbox</h1>
        <p class="muted" data-testid="inbox-count">
          {all.length} waiting across {inboxes.length} tracker{inboxes.length === 1 ? '' : 's'} · {followed} bugs followed
        </p>
        <label class="search">
          <span class="visually-hidden">Search the summaries</span>
          <input
            ref={searchRef}
            type="search"
            placeholder="Search summaries ( / )"
            value={criteria.text ?? ''}
            onInput={(event) => setCriteria({ ...criteria, text: event.currentTarget.value || undefined })}
            onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
          />
        </label>
        <button type="button" class="link" onClick={() => setHelp(true)}>
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
      <div class="inbox-body">
        <Sidebar
          rows={all}
          criteria={criteria}
          pins={pins}
          onCriteria={(next) => {
            setCriteria(next);
            setCurrent(0);
          }}
          onPins={(next) => {
            setPins(next);
            void pinsStorage.save(next);
          }}
        />
        <div class="list" ref={listRef} onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}>
          {rows.length === 0 ? (
            <p class="muted empty">{all.length === 0 ? 'Nothing waiting: every followed bug is as you last saw it.' : 'No bug matches these filters.'}</p>
          ) : (
            <ol class="inbox-rows" aria-label="Bugs waiting" style={{ paddingTop: window.before, paddingBottom: window.after }}>
              {rows.slice(window.first, window.last).map((row, offset) => {
                const index = window.first + offset;
                return (
                  <Row
                    key={rowKey(row)}
                    row={row}
                    index={index}
                    now={now}
                    current={index === at}
                    selected={selected.has(rowKey(row))}
                    handlers={{ onSelect: select, onAction: (action, i) => void act(action, i), onFocusRow: setCurrent }}
                  />
                );
              })}
            </ol>
          )}
        </div>
      </div>
      <div class="notice" role="status">
        {notice && (
          <>
            {notice.text}.{' '}
            <button type="button" class="link" onClick={() => void undo()}>
              Undo (z)
            </button>
          </>
        )}
      </div>
      {snoozing && (
        <SnoozeMenu
          count={snoozing.length}
          now={Date.now()}
          onClose={() => setSnoozing(null)}
          onSnooze={(until) => {
            const chosen = snoozing;
            setSnoozing(null);
            void actions.apply('snooze', chosen, until).then((applied) => {
              if (!applied) return;
              setSelected(new Set());
              setNotice({ ...applied, until: Date.now() + UNDO_MS });
            });
          }}
        />
      )}
      {help && <KeyHelp onClose={() => setHelp(false)} />}
    </main>
  );
}
