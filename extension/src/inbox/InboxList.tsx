import { useEffect, useRef, useState } from 'preact/hooks';
import { type InboxRow, rowKey } from '../common/inbox-rows.js';
import { Row, type RowHandlers } from './Row.js';
import { visibleWindow } from './virtual-window.js';

export const ROW_HEIGHT = 68;

/** The rows, only those on screen rendered (a list of 2,000 draws about 30); the current row kept in view. */
export function InboxList({
  rows,
  now,
  current,
  selected,
  handlers,
  anyWaiting,
}: {
  rows: readonly InboxRow[];
  now: number;
  current: number;
  selected: ReadonlySet<string>;
  handlers: RowHandlers;
  /** Whether any bug waits before the filters: "nothing waiting" and "nothing matches" are different news. */
  anyWaiting: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => setScroll({ top: list.scrollTop, height: list.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const top = current * ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight)
      list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
  }, [current]);
  const window = visibleWindow(rows.length, ROW_HEIGHT, scroll.top, scroll.height);
  return (
    <div
      class="list"
      ref={ref}
      onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
    >
      {rows.length === 0 ? (
        <p class="muted empty">
          {anyWaiting ? 'No bug matches these filters.' : 'Nothing waiting: every followed bug is as you last saw it.'}
        </p>
      ) : (
        <ol
          class="inbox-rows"
          aria-label="Bugs waiting"
          style={{ paddingTop: window.before, paddingBottom: window.after }}
        >
          {rows.slice(window.first, window.last).map((row, offset) => (
            <Row
              key={rowKey(row)}
              row={row}
              now={now}
              current={window.first + offset === current}
              selected={selected.has(rowKey(row))}
              handlers={handlers}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
