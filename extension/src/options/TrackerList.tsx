import { trackerLabel } from '../common/inbox-rows.js';
import type { Tracker } from '../common/trackers.js';
import type { SettingsPatch } from '../storage/storage.js';
import { isOpen, type OpenForms } from './open-forms.js';
import type { Outcome } from './save-tracker.js';
import { TrackerForm } from './TrackerForm.js';

interface TrackerListProps {
  saved: readonly Tracker[];
  unsaved: readonly Tracker[];
  forms: OpenForms;
  onToggle: (id: string) => void;
  onSave: (draft: Tracker, options?: { unchecked?: boolean }) => Promise<Outcome>;
  onRemove: (tracker: Tracker) => void;
  onAutoSave: (id: string, patch: SettingsPatch) => Promise<boolean>;
}

/**
 * The trackers, one line each (label, address, what is missing on this
 * device); a line opens its form in place. New trackers being added follow,
 * each as an open form.
 */
export function TrackerList({ saved, unsaved, forms, onToggle, onSave, onRemove, onAutoSave }: TrackerListProps) {
  return (
    <ul class="tracker-list" data-testid="tracker-list">
      {[...saved, ...unsaved].map((tracker) => {
        const isSaved = saved.includes(tracker);
        const open = !isSaved || isOpen(forms, tracker.id);
        // One shape for a tracker before and after its first Save, so its form (and what Save said) stays.
        return (
          <li key={tracker.id} class={open ? 'open' : undefined}>
            {isSaved ? (
              <button
                type="button"
                class="tracker-line"
                aria-expanded={open ? 'true' : 'false'}
                aria-controls={open ? `form-${tracker.id}` : undefined}
                onClick={() => onToggle(tracker.id)}
              >
                <span class="chevron" aria-hidden="true">
                  {open ? '▾' : '▸'}
                </span>
                <span class="name">{trackerLabel(tracker)}</span>
                {/* Without a label of its own the name is the address already. */}
                <span class="address">{tracker.label ? tracker.url : ''}</span>
                <TrackerState tracker={tracker} />
              </button>
            ) : null}
            {open ? (
              <div id={`form-${tracker.id}`}>
                <TrackerForm
                  tracker={tracker}
                  saved={isSaved}
                  onSave={onSave}
                  onRemove={() => onRemove(tracker)}
                  onAutoSave={isSaved ? (patch) => onAutoSave(tracker.id, patch) : undefined}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The one thing to know about a closed tracker, if any: no key here, visits not recorded. */
function TrackerState({ tracker }: { tracker: Tracker }) {
  const notes = [
    tracker.apiKey === '' ? 'no API key on this device' : null,
    tracker.recordVisits ? null : 'visits not recorded',
  ].filter((note) => note !== null);
  return notes.length > 0 ? <span class="state">{notes.join(' · ')}</span> : null;
}
