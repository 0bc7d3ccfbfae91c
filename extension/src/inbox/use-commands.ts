import { useEffect, useState } from 'preact/hooks';
import type { InboxRow } from '../common/inbox-rows.js';
import { type InboxActions, type RowAction, UNDO_MS } from './inbox-actions.js';

/** The last action, undoable until `until` (where it can be undone), and sent anyway on request after a collision. */
export interface Notice {
  text: string;
  undo: (() => Promise<void>) | null;
  /** Sends what a mid-air collision held back, when the user says so. */
  sendAnyway?: (() => void) | undefined;
  until: number;
}

/**
 * Runs actions on rows and keeps the last one undoable for 10 s (the notice,
 * z); Snooze first asks until when (`snoozing` holds its rows meanwhile).
 */
export function useCommands(actions: InboxActions, onApplied: (action: RowAction) => void) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [snoozing, setSnoozing] = useState<InboxRow[] | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.until - Date.now());
    return () => clearTimeout(timer);
  }, [notice]);
  const run = async (action: RowAction, rows: InboxRow[], until?: number) => {
    if (action === 'snooze' && until === undefined) {
      setSnoozing(rows);
      return;
    }
    const applied = await actions.apply(action, rows, until);
    if (!applied) return;
    onApplied(action);
    setNotice({ ...applied, until: Date.now() + UNDO_MS });
  };
  const undo = async () => {
    if (!notice?.undo || Date.now() > notice.until) return;
    setNotice(null);
    await notice.undo();
  };
  /** A result to say (a tracker action's), with its undo where there is one. */
  const announce = (said: Omit<Notice, 'until'>) => setNotice({ ...said, until: Date.now() + UNDO_MS });
  const snooze = (until: number) => {
    const rows = snoozing ?? [];
    setSnoozing(null);
    void run('snooze', rows, until);
  };
  return { notice, run, undo, announce, snoozing, snooze, cancelSnooze: () => setSnoozing(null) };
}
