import type { InboxRow } from '../common/inbox-rows.js';
import type { ActChoice } from './act/ActDialog.js';
import type { TrackerAction } from './act/tracker-actions.js';
import type { RowAction } from './inbox-actions.js';
import type { InboxKey } from './keys.js';
import type { useSelection } from './use-selection.js';

/** What the page can do, for its keys. */
export interface InboxKeyHandlers {
  rows: readonly InboxRow[];
  /** The current row's place. */
  at: number;
  selection: ReturnType<typeof useSelection>;
  move: (by: number) => void;
  run: (action: RowAction, targets: InboxRow[]) => void;
  /** Opens the tracker actions' dialog (on one of them, or their list). */
  act: (targets: InboxRow[], choice: ActChoice | null) => void;
  /** A tracker action that needs nothing more said (take, CC). */
  trackerAct: (targets: InboxRow[], action: TrackerAction) => void;
  open: (rows: InboxRow[]) => void;
  search: () => void;
  help: () => void;
  undo: () => void;
  refresh: () => void;
}

const TRIAGE: ReadonlySet<InboxKey> = new Set(['done', 'mute', 'star', 'snooze', 'seen']);
const DIALOG: Partial<Record<InboxKey, ActChoice | null>> = {
  act: null,
  reply: 'reply',
  status: 'status',
  answer: 'answer',
  grant: 'review',
  deny: 'review',
};

/** What each key does, given what the page can do; an action is on the selection when the current row is in it. */
export function keyHandler(does: InboxKeyHandlers) {
  return (key: InboxKey, shift: boolean) => {
    const targets = () => does.selection.targets(does.at);
    const current = does.rows[does.at];
    if (key === 'down' || key === 'up') does.move(key === 'down' ? 1 : -1);
    else if (key === 'select') does.selection.select(does.at, shift);
    else if (key === 'select-all') does.selection.toggleAll();
    else if (TRIAGE.has(key)) does.run(key as RowAction, targets());
    else if (key in DIALOG) does.act(targets(), DIALOG[key] ?? null);
    else if (key === 'take') does.trackerAct(targets(), { kind: 'take' });
    else if (key === 'cc')
      does.trackerAct(targets(), { kind: 'cc', join: !targets().every((row) => row.bug.inbox?.inCc) });
    else if (key === 'open') does.open(current ? [current] : []);
    else if (key === 'open-selected') does.open(does.selection.targets(-1));
    else if (key === 'search') does.search();
    else if (key === 'help') does.help();
    else if (key === 'refresh') does.refresh();
    else does.undo();
  };
}
