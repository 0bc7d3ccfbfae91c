import { normalizeBaseUrl } from '@bz-companion/shared';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { trackerLabel } from '../common/inbox-rows.js';
import type { AuthPreference, Tracker } from '../common/trackers.js';
import type { Outcome } from './save-tracker.js';

interface TrackerFormProps {
  tracker: Tracker;
  /** Stored already (so its key being empty means this device has none). */
  saved: boolean;
  onSave: (draft: Tracker, options?: { unchecked?: boolean }) => Promise<Outcome>;
  onRemove: () => void;
}

type Status = Outcome | { kind: 'idle' } | { kind: 'busy' };

/** One tracker of the list: its fields, Save and Remove. Labels are the same in every form (tests find them by label). */
export function TrackerForm({ tracker, saved, onSave, onRemove }: TrackerFormProps) {
  const [draft, setDraft] = useDraft(tracker);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const update = (patch: Partial<Tracker>) => setDraft({ ...draft, ...patch });
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
        <legend>{legend}</legend>
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
        <LabelField id={field('label')} draft={draft} update={update} />
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
        <SendingPreferences id={field('auth')} draft={draft} update={update} />
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
 * shows it. Not on mount: an effect runs after the first paint, and would undo what was typed in
 * between. A reload after another form's Save hands every form a new but equal object, which must
 * not undo edits in progress either.
 */
function useDraft(tracker: Tracker) {
  const [draft, setDraft] = useState<Tracker>(tracker);
  const stored = JSON.stringify(tracker);
  const shown = useRef(stored);
  useEffect(() => {
    if (shown.current === stored) return;
    shown.current = stored;
    setDraft(JSON.parse(stored) as Tracker);
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

/** How the key is sent, and what the extension does for this tracker (record visits, notify). */
function SendingPreferences({
  id,
  draft,
  update,
}: {
  id: string;
  draft: Tracker;
  update: (patch: Partial<Tracker>) => void;
}) {
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
      <TrackerOption update={update} name="recordVisits" on={draft.recordVisits}>
        Record my visits
      </TrackerOption>
      <TrackerOption update={update} name="notify" on={draft.notify === true}>
        Notify me on this computer when a bug I visited changes
      </TrackerOption>
      <TrackerOption update={update} name="followInvolved" on={draft.followInvolved === true}>
        Also follow the bugs I am assigned, reported, CC'd or QA contact on
      </TrackerOption>
    </>
  );
}

/** One yes-or-no setting of the tracker, as a labelled checkbox. */
function TrackerOption({
  update,
  name,
  on,
  children,
}: {
  update: (patch: Partial<Tracker>) => void;
  name: 'recordVisits' | 'notify' | 'followInvolved';
  on: boolean;
  children: ComponentChildren;
}) {
  return (
    <label class="check">
      <input type="checkbox" checked={on} onChange={(e) => update({ [name]: e.currentTarget.checked })} />
      {children}
    </label>
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

/** The name the inbox, the popup and notifications show the tracker by; empty: its host. */
function LabelField({ id, draft, update }: { id: string; draft: Tracker; update: (patch: Partial<Tracker>) => void }) {
  let host = 'the host';
  try {
    host = new URL(draft.url).host;
  } catch {
    // Not a URL yet: the placeholder says so in general.
  }
  return (
    <>
      <label for={id}>Label</label>
      <input
        id={id}
        type="text"
        maxLength={40}
        value={draft.label ?? ''}
        placeholder={host}
        onInput={(e) => update({ label: e.currentTarget.value.trim() === '' ? undefined : e.currentTarget.value })}
      />
    </>
  );
}
