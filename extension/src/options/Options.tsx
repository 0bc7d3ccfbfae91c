import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { newTrackerId, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { TrackerStorage } from '../storage/storage.js';
import { NewsSettingsForm } from './NewsSettingsForm.js';
import { removeTracker, saveTracker } from './save-tracker.js';
import { TrackerForm } from './TrackerForm.js';

const emptyTracker = (): Tracker => ({
  id: newTrackerId(),
  url: '',
  apiKey: '',
  authPreference: 'auto',
  recordVisits: true,
});

/** The options page: the list of trackers, each with its own form, and "Add tracker". */
export function Options({ platform }: { platform: Platform }) {
  const storage = useMemo(() => new TrackerStorage(platform), [platform]);
  const context = useMemo(() => ({ platform, storage }), [platform, storage]);
  const [saved, setSaved] = useState<Tracker[] | null>(null);
  const [drafts, setDrafts] = useState<Tracker[]>([]);
  const reload = useCallback(() => storage.trackers().then(setSaved), [storage]);
  useEffect(() => {
    void reload();
  }, [reload]);
  if (!saved) return <main aria-busy="true" />;

  const save = (draft: Tracker) => {
    const outcome = saveTracker(context, draft, saved);
    // A stored draft shows up in `saved` and leaves `unsaved` by itself; a refused one stays to be corrected.
    return outcome.finally(() => void reload());
  };
  const remove = async (tracker: Tracker) => {
    if (saved.some((t) => t.id === tracker.id)) await removeTracker(context, tracker, saved);
    setDrafts((list) => list.filter((d) => d.id !== tracker.id));
    await reload();
  };
  const unsaved = drafts.filter((d) => !saved.some((t) => t.id === d.id));
  return (
    <main>
      <h1>bz-companion</h1>
      <p class="hint">Your trackers. The list follows you to your other browsers; API keys stay on this device.</p>
      {[...saved, ...unsaved].map((tracker) => (
        <TrackerForm
          key={tracker.id}
          tracker={tracker}
          saved={saved.some((t) => t.id === tracker.id)}
          onSave={save}
          onRemove={() => void remove(tracker)}
        />
      ))}
      <button type="button" class="add-tracker" onClick={() => setDrafts((list) => [...list, emptyTracker()])}>
        Add tracker
      </button>
      <NewsSettingsForm platform={platform} />
    </main>
  );
}
