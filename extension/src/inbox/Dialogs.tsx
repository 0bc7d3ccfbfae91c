import { useEffect, useRef, useState } from 'preact/hooks';
import { KEY_HELP } from './keys.js';
import { snoozeChoices, snoozeUntilDate } from './snooze-times.js';

/** A modal dialog, open while shown, closed by Escape or its button; focus goes back where it was. */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: preact.ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => before?.focus();
  }, []);
  return (
    <dialog ref={ref} aria-label={title} onClose={onClose} onCancel={onClose}>
      <h2>{title}</h2>
      {children}
      <form method="dialog">
        <button type="submit" class="secondary">
          Close
        </button>
      </form>
    </dialog>
  );
}

export function KeyHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard" onClose={onClose}>
      <dl class="key-help">
        {KEY_HELP.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

export function SnoozeMenu({
  count,
  now,
  onSnooze,
  onClose,
}: {
  count: number;
  now: number;
  onSnooze: (until: number) => void;
  onClose: () => void;
}) {
  const [date, setDate] = useState('');
  const until = snoozeUntilDate(date, now);
  return (
    <Modal title={`Snooze ${count === 1 ? 'this bug' : `${count} bugs`} until`} onClose={onClose}>
      <ul class="snooze-choices">
        {snoozeChoices(now).map((choice) => (
          <li key={choice.label}>
            <button
              type="button"
              onClick={() => onSnooze(choice.until)}
              title={new Date(choice.until).toLocaleString()}
            >
              {choice.label}
            </button>
          </li>
        ))}
      </ul>
      <label>
        A date <input type="date" value={date} onInput={(event) => setDate(event.currentTarget.value)} />
      </label>{' '}
      <button type="button" disabled={until === null} onClick={() => until !== null && onSnooze(until)}>
        Snooze
      </button>
    </Modal>
  );
}
