import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { rowKey } from '../common/inbox-rows.js';
import type { ListItem } from './list-items.js';
import { Row, type RowHandlers } from './Row.js';
import { offsetsOf, visibleWindow } from './virtual-window.js';

/** A row's height and a heading's, as the page's style sets them for the width (taller rows on a narrow window). */
function useItemHeights(list: { current: HTMLElement | null }) {
  const [heights, setHeights] = useState({ row: 68, head: 32 });
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const row = Number.parseFloat(style.getPropertyValue('--row-height')) || 68;
      const head = Number.parseFloat(style.getPropertyValue('--head-height')) || 32;
      setHeights((was) => (was.row === row && was.head === head ? was : { row, head }));
    };
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, [list]);
  return heights;
}

interface InboxListProps {
  items: readonly ListItem[];
  now: number;
  /** The current row, by its place among the rows. */
  current: number;
  focusTick: number;
  selected: ReadonlySet<string>;
  handlers: RowHandlers;
  /** Whether any bug waits before the filters: "nothing waiting" and "nothing matches" are different news. */
  anyWaiting: boolean;
  /** The trackers whose rows may be stale (their last refreshes failed), by id, with why. */
  stale: ReadonlyMap<string, string>;
  /** What the tracker actions done to rows say on them, by row key. */
  acts: ReadonlyMap<string, { words: string; state: string }>;
}

type Scroll = { top: number; height: number };

/** The list's scroll position and height, measured at first and whenever the list is resized. */
function useMeasuredScroll(ref: { current: HTMLElement | null }, setScroll: (scroll: Scroll) => void) {
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => setScroll({ top: list.scrollTop, height: list.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
}

/** Scrolls the list just enough to show the current item whole. */
function useCurrentInView(ref: { current: HTMLElement | null }, currentItem: number, offsets: readonly number[]) {
  useEffect(() => {
    const list = ref.current;
    if (!list || currentItem < 0) return;
    const top = offsets[currentItem] as number;
    const bottom = offsets[currentItem + 1] as number;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }, [currentItem, offsets]);
}

/**
 * Gives the current row the keyboard's focus when `focusTick` moves (j/k), so a screen reader reads
 * it. A layout effect, run as its own render is committed: a plain one still pending when the next
 * render begins is run then, with the current row of the render before, and the focus it gives sets
 * the current row back (the row's onFocus), whose render runs the next one's pending focus: j then
 * k faster than a frame went back and forth between two rows forever, the page frozen.
 */
function useFocusOnTick(ref: { current: HTMLElement | null }, focusTick: number, current: number) {
  useLayoutEffect(() => {
    if (focusTick === 0) return;
    ref.current
      ?.querySelector<HTMLElement>(`.inbox-row[data-index="${current}"] a.line`)
      ?.focus({ preventScroll: true });
  }, [focusTick, current]);
}

/** The rows and headings on screen, with the space of those above and below kept as padding. */
function VisibleItems({
  items,
  shown,
  now,
  current,
  selected,
  handlers,
  stale,
  acts,
}: Omit<InboxListProps, 'focusTick' | 'anyWaiting'> & { shown: ReturnType<typeof visibleWindow> }) {
  return (
    <ol class="inbox-rows" aria-label="Bugs waiting" style={{ paddingTop: shown.before, paddingBottom: shown.after }}>
      {items.slice(shown.first, shown.last).map((item) =>
        item.kind === 'head' ? (
          <li key={item.key} class="group-head">
            <h2>{item.text}</h2>
          </li>
        ) : (
          <Row
            key={rowKey(item.row)}
            row={item.row}
            index={item.at}
            now={now}
            current={item.at === current}
            selected={selected.has(rowKey(item.row))}
            handlers={handlers}
            stale={stale.get(item.row.trackerId) ?? null}
            act={acts.get(rowKey(item.row)) ?? null}
          />
        ),
      )}
    </ol>
  );
}

/**
 * The rows, only those on screen rendered (a list of 2,000 draws about 30), with the headings of
 * its parts; the current row kept in view, and given the keyboard's focus when `focusTick` moves
 * (j/k), so a screen reader reads the row.
 */
export function InboxList({
  items,
  now,
  current,
  focusTick,
  selected,
  handlers,
  anyWaiting,
  stale,
  acts,
}: InboxListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const heights = useItemHeights(ref);
  const [scroll, setScroll] = useState<Scroll>({ top: 0, height: 800 });
  const offsets = useMemo(
    () => offsetsOf(items.map((item) => (item.kind === 'row' ? heights.row : heights.head))),
    [items, heights],
  );
  const currentItem = items.findIndex((item) => item.kind === 'row' && item.at === current);
  useMeasuredScroll(ref, setScroll);
  useCurrentInView(ref, currentItem, offsets);
  useFocusOnTick(ref, focusTick, current);
  const shown = visibleWindow(offsets, scroll.top, scroll.height);
  return (
    <div
      class="list"
      ref={ref}
      onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
    >
      {items.length === 0 ? (
        <p class="muted empty">
          {anyWaiting ? 'No bug matches these filters.' : 'Nothing waiting: every followed bug is as you last saw it.'}
        </p>
      ) : (
        <VisibleItems
          items={items}
          shown={shown}
          now={now}
          current={current}
          selected={selected}
          handlers={handlers}
          stale={stale}
          acts={acts}
        />
      )}
    </div>
  );
}
