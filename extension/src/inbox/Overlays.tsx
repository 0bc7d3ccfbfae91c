import type { InboxRow } from '../common/inbox-rows.js';
import { type ActChoice, ActDialog } from './act/ActDialog.js';
import type { useTrackerActions } from './act/use-tracker-actions.js';
import { KeyHelp, SnoozeMenu } from './Dialogs.js';
import type { useCommands } from './use-commands.js';

/** The snooze choices, the list of keys, the tracker actions, when asked for. */
export function Overlays({
  commands,
  help,
  onHelpClose,
  acting,
  trackerActs,
  onActClose,
}: {
  commands: ReturnType<typeof useCommands>;
  help: boolean;
  onHelpClose: () => void;
  acting: { rows: InboxRow[]; choice: ActChoice | null } | null;
  trackerActs: ReturnType<typeof useTrackerActions>;
  onActClose: () => void;
}) {
  return (
    <>
      {commands.snoozing && (
        <SnoozeMenu
          count={commands.snoozing.length}
          now={Date.now()}
          onClose={commands.cancelSnooze}
          onSnooze={commands.snooze}
        />
      )}
      {help && <KeyHelp onClose={onHelpClose} />}
      {acting && (
        <ActDialog
          rows={acting.rows}
          choice={acting.choice}
          actions={trackerActs.actions}
          onAct={(action) => void trackerActs.act(acting.rows, action)}
          onClose={onActClose}
        />
      )}
    </>
  );
}

/** The last action and its Undo (and, after a collision, Send anyway), announced to screen readers. */
export function Notice({ notice, onUndo }: { notice: ReturnType<typeof useCommands>['notice']; onUndo: () => void }) {
  return (
    <div class="notice" role="status">
      {notice && (
        <>
          {notice.text}.{' '}
          {notice.undo && (
            <button type="button" class="link" onClick={onUndo}>
              Undo (z)
            </button>
          )}
          {notice.sendAnyway && (
            <button type="button" class="link" onClick={notice.sendAnyway}>
              Send anyway
            </button>
          )}
        </>
      )}
    </div>
  );
}
