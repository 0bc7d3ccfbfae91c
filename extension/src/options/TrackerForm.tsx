import { normalizeBaseUrl } from '@bz-companion/shared';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { trackerLabel } from '../common/inbox-rows.js';
import type { AuthPreference, Tracker } from '../common/trackers.js';
import type { SettingsPatch } from '../storage/storage.js';
import { SavedNote, useSavedNotes } from './SavedNote.js';
import type { Outcome } from './save-tracker.js';

interface TrackerFormProps {
  tracker: Tracker;
  /** Stored already (so its key being empty means this device has none). */
  saved: boolean;
  onSave: (draft: Tracker, options?: { unchecked?: boolean }) => Promise<Outcome>;
  onRemove: () => void;
  /** Saves a setting that needs no check of the tracker as it changes; absent before the tracker is saved. */
  onAutoSave?: ((patch: SettingsPatch) => Promise<boolean>) | undefined;
}

type Update = (patch: Partial<Tracker>) => void;
/** A setting changed by the user: into the form, and saved at once where the tracker is saved already. */
type Commit = (patch: SettingsPatch, control: string, saved?: string) => void;

type Status = Outcome | { kind: 'idle' } | { kind: 'busy' };

/** One tracker of the list: its fields, Save and Remove. Labels are the same in every form (tests find them by label). */
export function TrackerForm({ tracker, saved, onSave, onRemove, onAutoSave }: TrackerFormProps) {
  const [draft, setDraft] = useDraft(tracker);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const { notes, track } = useSavedNotes();
  const update: Update = (patch) => setDraft({ ...draft, ...patch });
  const commit: Commit = (patch, control, savedText) => {
    update(patch);
    if (onAutoSave) track(control, onAutoSave(patch), savedText);
  };
  const field = (name: string) => `${name}-${tracker.id}`;

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
        <label for={field('url')}>Tracker URL</label>
        <input
          id={field('url')}
          type="text"
          inputMode="url"
          spellcheck={false}
          required
          value={draft.url}
          aria-invalid={status.kind === 'error' && status.field === 'url' ? 'true' : undefined}
          onInput={(e) => update({ url: e.currentTarget.value })}
          placeholder="https://bugzilla.example.org/"
        />
        <LabelField id={field('label')} draft={draft} update={update} commit={onAutoSave ? commit : null}>
          <SavedNote note={notes.label} />
        </LabelField>
        <label for={field('key')}>API key</label>
        <input
          id={field('key')}
          type="password"
          autocomplete="off"
          value={draft.apiKey}
          aria-describedby={field('key-hint')}
          aria-invalid={status.kind === 'error' && status.field === 'key' ? 'true' : undefined}
          onInput={(e) => update({ apiKey: e.currentTarget.value })}
        />
        <KeyHint id={field('key-hint')} noKeyHere={saved && tracker.apiKey === ''} keyPage={keyPage} />
        <label for={field('login')}>Your login on this tracker</label>
        <input
          id={field('login')}
          type="text"
          inputMode="email"
          autocomplete="username"
          spellcheck={false}
          value={draft.login ?? ''}
          aria-describedby={field('login-hint')}
          aria-invalid={status.kind === 'error' && status.field === 'login' ? 'true' : undefined}
          onInput={(e) => update({ login: e.currentTarget.value.trim() === '' ? undefined : e.currentTarget.value })}
          placeholder="you@example.org"
        />
        <p class="hint" id={field('login-hint')}>
          Only where the tracker does not say whose key it is (Bugzilla 5.0 and 5.2): with it the inbox shows the
          requests of you, the bugs assigned to you and why each bug is listed. Save checks that it is the key's.
        </p>
        <SendingPreferences id={field('auth')} draft={draft} update={update} />
        <TrackerOption commit={commit} name="recordVisits" on={draft.recordVisits} note={notes.recordVisits}>
          Record my visits
        </TrackerOption>
        <TrackerOption commit={commit} name="notify" on={draft.notify === true} note={notes.notify}>
          Notify me on this computer when a bug I visited changes
        </TrackerOption>
        <TrackerOption
          commit={commit}
          name="followInvolved"
          on={draft.followInvolved !== false}
          note={notes.followInvolved}
        >
          Also follow the bugs I am assigned, reported, CC'd or QA contact on
        </TrackerOption>
        <div class="actions">
          <button type="submit" disabled={status.kind === 'busy'}>
            Save
          </button>
          <button type="button" class="secondary" onClick={onRemove}>
            Remove
          </button>
        </div>
        <SaveStatus status={status} onSaveAnyway={() => save(true)} />
      </fieldset>
    </form>
  );
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

/** Where the key stays, and a link to the tracker's own page for making one as soon as the URL is one. */
function KeyHint({ id, noKeyHere, keyPage }: { id: string; noKeyHere: boolean; keyPage: string | null }) {
  return (
    <p class="hint" id={id}>
      {noKeyHere
        ? 'No API key on this device: keys stay on the device where they were entered. Enter it again here. '
        : 'Kept on this device only. '}
      {keyPage ? (
        <>
          Create one on{' '}
          <a href={keyPage} target="_blank" rel="noreferrer" data-testid="api-key-link">
            the tracker's API key page
          </a>{' '}
          (Preferences → API Keys).
        </>
      ) : (
        'Enter the tracker URL first: a link to its API key page appears here.'
      )}
    </p>
  );
}

/** How the key is sent (checked by Save, as the key is). */
function SendingPreferences({ id, draft, update }: { id: string; draft: Tracker; update: Update }) {
  return (
    <>
      <label for={id}>How to send the key</label>
      <select
        id={id}
        value={draft.authPreference}
        onChange={(e) => update({ authPreference: e.currentTarget.value as AuthPreference })}
      >
        <option value="auto">Automatically (ask the tracker)</option>
        <option value="header">As a header (Bugzilla 5.1, 5.3+, bugzilla.mozilla.org)</option>
        <option value="query">As a query parameter (Bugzilla 5.0, 5.2)</option>
      </select>
    </>
  );
}

/** One yes-or-no setting of the tracker, as a labelled checkbox, saved as it changes once the tracker is saved. */
function TrackerOption({
  commit,
  name,
  on,
  note,
  children,
}: {
  commit: Commit;
  name: 'recordVisits' | 'notify' | 'followInvolved';
  on: boolean;
  note: Parameters<typeof SavedNote>[0]['note'];
  children: ComponentChildren;
}) {
  return (
    <div class="with-note">
      <label class="check">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => commit({ [name]: e.currentTarget.checked } as SettingsPatch, name)}
        />
        {children}
      </label>
      <SavedNote note={note} />
    </div>
  );
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

/**
 * The name the inbox, the popup and notifications show the tracker by; empty: its host. Once the
 * tracker is saved, a new label is saved when the field is left (or Enter), without Save's check.
 */
function LabelField({
  id,
  draft,
  update,
  commit,
  children,
}: {
  id: string;
  draft: Tracker;
  update: Update;
  commit: Commit | null;
  children: ComponentChildren;
}) {
  let host = 'the host';
  try {
    host = new URL(draft.url).host;
  } catch {
    // Not a URL yet: the placeholder says so in general.
  }
  return (
    <>
      <label for={id}>Label</label>
      <div class="with-note">
        <input
          id={id}
          type="text"
          maxLength={40}
          value={draft.label ?? ''}
          placeholder={host}
          aria-describedby={`${id}-hint`}
          onInput={(e) => update({ label: e.currentTarget.value.trim() === '' ? undefined : e.currentTarget.value })}
          onChange={(e) => {
            const label = e.currentTarget.value.trim();
            if (commit)
              commit(
                { label: label === '' ? undefined : label },
                'label',
                label ? `Saved: shown as ${label}` : `Saved: shown as ${host}`,
              );
          }}
          onKeyDown={(e) => {
            // Enter saves the label alone, not the whole form (Save checks the tracker again).
            if (e.key === 'Enter' && commit) {
              e.preventDefault();
              e.currentTarget.blur();
            }
          }}
        />
        {children}
      </div>
      <p class="hint" id={`${id}-hint`}>
        How the inbox, the popup and notifications name this tracker. Empty: {host}.
      </p>
    </>
  );
}
