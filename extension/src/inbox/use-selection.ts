import { useState } from 'preact/hooks';
import { type InboxRow, rowKey } from '../common/inbox-rows.js';

/** The selected rows (x, a checkbox, shift for a range from the last one picked) and the rows an action is for. */
export function useSelection(rows: readonly InboxRow[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const select = (index: number, range: boolean) => {
    const row = rows[index];
    if (!row) return;
    const next = new Set(selected);
    const from = range && anchor !== null ? Math.min(anchor, index) : index;
    const to = range && anchor !== null ? Math.max(anchor, index) : index;
    const on = !selected.has(rowKey(row));
    for (const each of rows.slice(from, to + 1)) {
      if (on) next.add(rowKey(each));
      else next.delete(rowKey(each));
    }
    setSelected(next);
    setAnchor(index);
  };
  /** The selection when there is one and the row is in it (or no row is named), else the row alone. */
  const targets = (index: number): InboxRow[] => {
    const chosen = rows.filter((row) => selected.has(rowKey(row)));
    const row = rows[index];
    if (chosen.length > 0 && (!row || selected.has(rowKey(row)))) return chosen;
    return row ? [row] : [];
  };
  const clear = () => setSelected(new Set());
  /** Every row shown, or none when every row shown is selected already. */
  const toggleAll = () =>
    rows.length > 0 && rows.every((row) => selected.has(rowKey(row)))
      ? clear()
      : setSelected(new Set(rows.map(rowKey)));
  return { selected, select, targets, clear, toggleAll };
}
