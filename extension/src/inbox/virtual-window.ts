/** Items drawn beyond the visible ones on each side, so a quick scroll shows no gap. */
const OVERSCAN = 8;

/** Where each item of a list starts, from the heights of its items (`offsets[count]` is the whole height). */
export function offsetsOf(heights: readonly number[]): number[] {
  const offsets = [0];
  for (const height of heights) offsets.push((offsets.at(-1) as number) + height);
  return offsets;
}

/** The first item whose bottom is below `y` (a binary search over the offsets). */
function itemAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((offsets[middle + 1] as number) <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Which items to render of a list scrolled to `scrollTop` in a viewport of `height`: only those
 * on screen (and a few around), with the space of the others kept above and below.
 */
export function visibleWindow(offsets: readonly number[], scrollTop: number, height: number) {
  const count = offsets.length - 1;
  const first = Math.max(0, itemAt(offsets, scrollTop) - OVERSCAN);
  const last = Math.min(count, itemAt(offsets, scrollTop + height) + 1 + OVERSCAN);
  const total = offsets[count] as number;
  return { first, last, before: offsets[first] as number, after: total - (offsets[last] as number) };
}
