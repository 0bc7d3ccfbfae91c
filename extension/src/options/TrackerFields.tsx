import type { ComponentChildren } from 'preact';
import type { AuthPreference, Tracker } from '../common/trackers.js';
import type { SettingsPatch } from '../storage/storage.js';
import { SavedNote, type useSavedNotes } from './SavedNote.js';

/** The fields of a tracker's form (TrackerForm.tsx), each with its label and hint. */

export type Update = (patch: Partial<Tracker>) => void;
/** A setting changed by the user: into the form, and saved at once where the tracker is saved already. */
export type Commit = (patch: SettingsPatch, control: string, saved?: string) => void;

interface FieldProps {
  id: string;
  draft: Tracker;
  update: Update;
  /** Marked invalid where Save found it wrong. */
  invalid: 'true' | undefined;
}

/** A field with a hint below it, by the hint's id. */
type HintedFieldProps = FieldProps & { hint: string };

/** The tracker's address. */
export function UrlField({ id, draft, update, invalid }: FieldProps) {
  return (
    <>
      <label for={id}>Tracker URL</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        spellcheck={false}
        required
        value={draft.url}
        aria-invalid={invalid}
        onInput={(e) => update({ url: e.currentTarget.value })}
        placeholder="https://bugzilla.example.org/"
      />
    </>
  );
}

/** The API key, with where it stays and where to make one. */
export function KeyField({
  id,
  hint,
  draft,
  update,
  invalid,
  noKeyHere,
  keyPage,
}: HintedFieldProps & { noKeyHere: boolean; keyPage: string | null }) {
  return (
    <>
      <label for={id}>API key</label>
      <input
        id={id}
        type="password"
        autocomplete="off"
        value={draft.apiKey}
        aria-describedby={hint}
        aria-invalid={invalid}
        onInput={(e) => update({ apiKey: e.currentTarget.value })}
      />
      <KeyHint id={hint} noKeyHere={noKeyHere} keyPage={keyPage} />
    </>
  );
}

/** The user's login, for trackers that do not say whose key it is. */
export function LoginField({ id, hint, draft, update, invalid }: HintedFieldProps) {
  return (
    <>
      <label for={id}>Your login on this tracker</label>
      <input
        id={id}
        type="text"
        inputMode="email"
        autocomplete="username"
        spellcheck={false}
        value={draft.login ?? ''}
        aria-describedby={hint}
        aria-invalid={invalid}
        onInput={(e) => update({ login: e.currentTarget.value.trim() === '' ? undefined : e.currentTarget.value })}
        placeholder="you@example.org"
      />
      <p class="hint" id={hint}>
        Only where the tracker does not say whose key it is (Bugzilla 5.0 and 5.2): with it the inbox shows the requests
        of you, the bugs assigned to you and why each bug is listed. Save checks that it is the key's.
      </p>
    </>
  );
}

/** The tracker's yes-or-no settings. */
export function TrackerOptions({
  commit,
  draft,
  notes,
}: {
  commit: Commit;
  draft: Tracker;
  notes: ReturnType<typeof useSavedNotes>['notes'];
}) {
  return (
    <>
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
    </>
  );
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
export function SendingPreferences({ id, draft, update }: { id: string; draft: Tracker; update: Update }) {
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

/**
 * The name the inbox, the popup and notifications show the tracker by; empty: its host. Once the
 * tracker is saved, a new label is saved when the field is left (or Enter), without Save's check.
 */
export function LabelField({
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
