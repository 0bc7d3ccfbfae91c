import { useState } from 'preact/hooks';

type Note = { kind: 'saved' | 'failed'; text: string };

/**
 * What became of the last change of each control saved as it changes, said
 * next to that control: "Saved", or why it was not. The note is a live
 * region (not role=status: a page's statuses are Save's answers).
 */
export function useSavedNotes() {
  const [notes, setNotes] = useState<Record<string, Note>>({});
  const track = (control: string, saving: Promise<unknown>, saved = 'Saved') => {
    saving.then(
      (result) =>
        setNotes((all) => ({
          ...all,
          [control]:
            result === false
              ? { kind: 'failed', text: 'Not saved: this tracker was removed meanwhile' }
              : { kind: 'saved', text: saved },
        })),
      (failure: unknown) =>
        setNotes((all) => ({ ...all, [control]: { kind: 'failed', text: `Not saved: ${String(failure)}` } })),
    );
  };
  return { notes, track };
}

export function SavedNote({ note, id }: { note: Note | undefined; id?: string }) {
  return (
    <span id={id} class={note?.kind === 'failed' ? 'saved-note error' : 'saved-note'} aria-live="polite">
      {note ? (note.kind === 'saved' ? `✓ ${note.text}` : note.text) : ''}
    </span>
  );
}
