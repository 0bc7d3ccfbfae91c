import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { trackerLabel } from '../common/inbox-rows.js';
import type { NewsSnapshot } from '../common/news-state.js';
import { useFitToWindow } from './fit-to-window.js';
import { movedTo, rowKey } from './keyboard.js';
import type { PopupData } from './load.js';
import { PopupAlerts } from './PopupAlerts.js';
import { PopupLists } from './PopupLists.js';
import { Switcher, type SwitcherEntry } from './Switcher.js';

interface PopupProps {
  data: PopupData | null;
  /** The tracker shown, or being loaded. */
  current: string | null;
  trackers: SwitcherEntry[];
  onSwitch: (trackerId: string) => void;
  now: number;
  onRetry: () => void;
  onOpenOptions: () => void;
  retrying: boolean;
  /** Recent visits and what changed since each (the background's last refresh), or null before the first. */
  news: NewsSnapshot | null;
  onMarkSeen: (ids: number[]) => void;
  marking: boolean;
  /** What is shown is what was kept from last time, until this opening's data arrives (busy meanwhile). */
  stale: boolean;
  /** "Track this tracker", when the active tab is a Bugzilla not in the list. */
  offer?: ComponentChildren;
  /** "All trackers": the inbox's first rows and count, above the tracker shown. */
  allTrackers?: ComponentChildren;
}

/**
 * The toolbar popup, within Chrome's 800 × 600: the changed bugs first (each
 * once, with who and what), then the other recent visits, the visits'
 * delivery, and the tracker's details folded. The lists scroll inside; the
 * header and Options stay in view. Keys: j/k move, Enter opens, m marks seen.
 */
export function Popup({
  data,
  current,
  trackers,
  onSwitch,
  now,
  onRetry,
  onOpenOptions,
  retrying,
  news,
  onMarkSeen,
  marking,
  stale,
  offer,
  allTrackers,
}: PopupProps) {
  const main = useRef<HTMLElement>(null);
  const focusAfterMark = useFocusAfterMark(main, news);
  useFitToWindow(main);
  useRowKeys(main, focusAfterMark, onMarkSeen);

  const switcher = trackers.length > 1 && current !== null && (
    <Switcher entries={trackers} current={current} onSwitch={onSwitch} />
  );
  if (!data) {
    return (
      <main aria-busy="true" class="popup-main">
        {switcher}
        <p class="muted">Loading…</p>
      </main>
    );
  }
  return (
    <main aria-busy={stale ? 'true' : undefined} class="popup-main" ref={main}>
      {switcher}
      <TrackerHeader data={data} />
      {offer}
      <PopupAlerts data={data} onOpenOptions={onOpenOptions} />
      <PopupLists
        data={data}
        now={now}
        news={news}
        onMarkSeen={onMarkSeen}
        marking={marking}
        onRetry={onRetry}
        retrying={retrying}
        allTrackers={allTrackers}
      />
      <PopupFooter onOpenOptions={onOpenOptions} />
    </main>
  );
}

/** Options, and the keys the popup answers. */
function PopupFooter({ onOpenOptions }: { onOpenOptions: () => void }) {
  return (
    <footer>
      <button type="button" class="link" onClick={onOpenOptions}>
        Options
      </button>
      <span class="muted keys" aria-hidden="true">
        j/k move · Enter open · m seen
      </span>
    </footer>
  );
}

type MainRef = { current: HTMLElement | null };

/** After "m", the row at the marked row's place takes the focus once the list has changed. */
function useFocusAfterMark(main: MainRef, news: NewsSnapshot | null): { current: number | null } {
  const focusAfterMark = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAfterMark.current;
    if (at === null || !main.current) return;
    focusAfterMark.current = null;
    const rows = [...main.current.querySelectorAll<HTMLElement>('[data-row]')];
    rows[Math.min(at, rows.length - 1)]?.focus();
  }, [news, main]);
  return focusAfterMark;
}

/** j/k move between rows, Enter opens (the row's link), m marks the focused changed bug seen. */
function useRowKeys(main: MainRef, focusAfterMark: { current: number | null }, onMarkSeen: (ids: number[]) => void) {
  // On the document: the popup opens with the focus on its body, outside <main>.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  keyHandler.current = (event: KeyboardEvent) => {
    const action = rowKey(event);
    if (!action || !main.current) return;
    const rows = [...main.current.querySelectorAll<HTMLElement>('[data-row]')];
    const at = rows.indexOf(document.activeElement as HTMLElement);
    if ('move' in action) {
      const next = movedTo(at, rows.length, action.move);
      if (next !== null) rows[next]?.focus();
    } else {
      const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('li.changed');
      if (!row?.dataset.bug) return;
      focusAfterMark.current = at;
      onMarkSeen([Number(row.dataset.bug)]);
    }
    event.preventDefault();
  };
}

/** The tracker's host, linked, and who the popup is signed in as. */
function TrackerHeader({ data }: { data: PopupData }) {
  const { tracker } = data;
  return (
    <header>
      <h1>
        {/* The name the switcher shows it by: the heading names what is chosen there. */}
        <a href={tracker.url} target="_blank" rel="noreferrer" title={tracker.url}>
          {trackerLabel(tracker)}
        </a>
      </h1>
      <span class="muted signed-in">
        {data.login ? `Signed in as ${data.login}` : tracker.apiKey ? '' : 'No API key on this device'}
      </span>
    </header>
  );
}
