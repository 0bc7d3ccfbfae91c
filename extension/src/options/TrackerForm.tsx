import { normalizeBaseUrl } from '@bz-companion/shared';
import { useEffect, useRef, useState } from 'preact/hooks';
import { trackerLabel } from '../common/inbox-rows.js';
import type { Tracker } from '../common/trackers.js';
import type { SettingsPatch } from '../storage/storage.js';
import { SavedNote, useSavedNotes } from './SavedNote.js';
import type { Outcome } from './save-tracker.js';
import {
  type Commit,
  KeyField,
  LabelField,
  LoginField,
  SendingPreferences,
  TrackerOptions,
  type Update,
  UrlField,
} from './TrackerFields.js';

interface TrackerFormProps {
  tracker: Tracker;
  /** Stored already (so its key being empty means this device has none). */
  saved: boolean;
  onSave: (draft: Tracker, options?: { unchecked?: boolean }) => Promise<Outcome>;
  onRemove: () => void;
  /** Saves a setting that needs no check of the tracker as it changes; absent before the tracker is saved. */
  onAutoSave?: ((patch: SettingsPatch) => Promise<boolean>) | undefined;
}

type Status = Outcome | { kind: 'idle' } | { kind: 'busy' };

/** One tracker of the list: its fields, Save and Remove. Labels are the same in every form (tests find them by label). */
export function TrackerForm({ tracker, saved, onSave, onRemove, onAutoSave }: TrackerFormProps) {
  const [draft, setDraft] = useDraft(tracker);
  const { status, save } = useSave(onSave, draft, setDraft);
  const { notes, track } = useSavedNotes();
  const update: Update = (patch) => setDraft({ ...draft, ...patch });
  const commit: Commit = (patch, control, savedText) => {
    update(patch);
    if (onAutoSave) track(control, onAutoSave(patch), savedText);
  };
  const field = (name: string) => `${name}-${tracker.id}`;
  const submit = (event: Event) => {
    event.preventDefault();
    save(false);
  };

  const keyPage = apiKeyPage(draft.url);
  const legend = saved ? trackerLabel(tracker) : 'New tracker';
  return (
    <form onSubmit={submit} class="tracker" data-testid="tracker-form">
      <fieldset>
        {/* A saved tracker's line above names it already: the legend stays for screen readers only. */}
        <legend class={saved ? 'visually-hidden' : undefined}>{legend}</legend>
        <UrlField id={field('url')} draft={draft} update={update} invalid={invalidOn(status, 'url')} />
        <LabelField id={field('label')} draft={draft} update={update} commit={onAutoSave ? commit : null}>
          <SavedNote note={notes.label} />
        </LabelField>
        <KeyField
          id={field('key')}
          hint={field('key-hint')}
          draft={draft}
          update={update}
          invalid={invalidOn(status, 'key')}
          noKeyHere={saved && tracker.apiKey === ''}
          keyPage={keyPage}
        />
        <LoginField
          id={field('login')}
          hint={field('login-hint')}
          draft={draft}
          update={update}
          invalid={invalidOn(status, 'login')}
        />
        <SendingPreferences id={field('auth')} draft={draft} update={update} />
        <TrackerOptions commit={commit} draft={draft} notes={notes} />
        <FormActions busy={status.kind === 'busy'} onRemove={onRemove} />
        <SaveStatus status={status} onSaveAnyway={() => save(true)} />
      </fieldset>
    </form>
  );
}

/** Save (not while a save is being checked) and Remove. */
function FormActions({ busy, onRemove }: { busy: boolean; onRemove: () => void }) {
  return (
    <div class="actions">
      <button type="submit" disabled={busy}>
        Save
      </button>
      <button type="button" class="secondary" onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

/** A field Save found wrong is marked invalid for assistive technology. */
const invalidOn = (status: Status, name: 'url' | 'key' | 'login') =>
  status.kind === 'error' && status.field === name ? 'true' : undefined;

/** What Save said last, and Save itself (checked, or unchecked by "Save anyway"). */
function useSave(onSave: TrackerFormProps['onSave'], draft: Tracker, setDraft: (tracker: Tracker) => void) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Not async: onSave must reach the permission request before anything waits (Firefox).
  const save = (unchecked: boolean) => {
    const saving = onSave(draft, { unchecked });
    setStatus({ kind: 'busy' });
    void saving.then((outcome) => {
      setStatus(outcome);
      // The form shows what was stored: the URL normalised, the key trimmed.
      if (outcome.saved) setDraft(outcome.saved);
    });
  };
  return { status, save };
}

/**
 * The form's copy of the tracker. When the stored tracker changes (saved here or elsewhere), the form
 * shows the fields that changed. Not on mount: an effect runs after the first paint, and would undo
 * what was typed in between. Only the changed fields: a label saved as it changes, or a reload after
 * another form's Save (a new but equal object), must not undo an edit of the URL in progress.
 */
function useDraft(tracker: Tracker) {
  const [draft, setDraft] = useState<Tracker>(tracker);
  const stored = JSON.stringify(tracker);
  const shown = useRef(stored);
  useEffect(() => {
    if (shown.current === stored) return;
    const before = JSON.parse(shown.current) as Record<string, unknown>;
    const after = JSON.parse(stored) as Record<string, unknown>;
    shown.current = stored;
    setDraft((current) => {
      const next: Record<string, unknown> = { ...current };
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
        if (key in after) next[key] = after[key];
        else delete next[key];
      }
      return next as unknown as Tracker;
    });
  }, [stored]);
  return [draft, setDraft] as const;
}

/** What Save found: checking, saved, or what to fix (with "Save anyway" when only reaching the tracker failed). */
function SaveStatus({ status, onSaveAnyway }: { status: Status; onSaveAnyway: () => void }) {
  return (
    <>
      <p role="status" class={status.kind === 'error' ? 'error' : 'ok'} data-testid="options-status">
        {status.kind === 'busy' ? 'Checking the tracker…' : status.kind === 'idle' ? '' : status.text}
      </p>
      {status.kind === 'error' && status.saveAnyway && (
        <div class="actions">
          <button type="button" onClick={onSaveAnyway}>
            Save anyway
          </button>
        </div>
      )}
      {status.kind === 'error' && status.details && (
        <details class="details">
          <summary>Details</summary>
          <p>{status.details}</p>
        </details>
      )}
    </>
  );
}

/** The tracker's own page for creating API keys, as soon as what is typed is a URL; else null. */
export function apiKeyPage(typedUrl: string): string | null {
  try {
    return `${normalizeBaseUrl(typedUrl)}userprefs.cgi?tab=apikey`;
  } catch {
    return null;
  }
}
