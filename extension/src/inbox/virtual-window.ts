/** Rows drawn beyond the visible ones on each side, so a quick scroll shows no gap. */
const OVERSCAN = 8;

/**
 * Which rows to render for a list of fixed-height rows scrolled to
 * `scrollTop` in a viewport of `height`: only those on screen (and a few
 * around), with the space of the others kept above and below.
 */
export function visibleWindow(count: number, rowHeight: number, scrollTop: number, height: number) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  return { first, last, before: first * rowHeight, after: (count - last) * rowHeight };
}
