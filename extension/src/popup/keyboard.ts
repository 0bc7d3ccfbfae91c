/** What a key does in the popup's list of bugs; null for keys the popup leaves alone. */
export type RowKey = { move: number } | { markSeen: true } | null;

/**
 * j/k move through the rows (Enter opens the focused one, as links do), m
 * marks the focused changed bug as seen. Never while typing, nor with a
 * modifier (the browser's own shortcuts stay the browser's).
 */
export function rowKey(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: unknown;
}): RowKey {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const tag = (event.target as { tagName?: string } | null)?.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return null;
  if (event.key === 'j') return { move: 1 };
  if (event.key === 'k') return { move: -1 };
  if (event.key === 'm') return { markSeen: true };
  return null;
}

/** The row to focus after a move from `current` (-1: none focused yet), kept within the list. */
export function movedTo(current: number, count: number, move: number): number | null {
  if (count === 0) return null;
  if (current === -1) return move > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + move));
}
