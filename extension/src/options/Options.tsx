import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { newTrackerId, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { type RemovedTracker, TrackerStorage } from '../storage/storage.js';
import { NewsSettingsForm } from './NewsSettingsForm.js';
import { PinStep } from './PinStep.js';
import { removeTracker, saveTracker, undoRemove } from './save-tracker.js';
import { TrackerForm } from './TrackerForm.js';

const emptyTracker = (): Tracker => ({
  id: newTrackerId(),
  url: '',
  apiKey: '',
  authPreference: 'auto',
  recordVisits: true,
});

/** The options page: the list of trackers, each with its own form, and "Add tracker". */
export function Options({ platform, add = null }: { platform: Platform; add?: string | null }) {
  const storage = useMemo(() => new TrackerStorage(platform), [platform]);
  const context = useMemo(() => ({ platform, storage }), [platform, storage]);
  const [saved, setSaved] = useState<Tracker[] | null>(null);
  const [drafts, setDrafts] = useState<Tracker[]>(() => (add ? [{ ...emptyTracker(), url: add }] : []));
  const [lastRemoved, setLastRemoved] = useState<RemovedTracker | null>(null);
  const reload = useCallback(
    () =>
      storage.trackers().then((list) => {
        setSaved(list);
        // With nothing set up, the form to fill in is there already: no "Add tracker" to find first.
        if (list.length === 0) setDrafts((open) => (open.length > 0 ? open : [emptyTracker()]));
      }),
    [storage],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  if (!saved) return <main aria-busy="true" />;

  const save = (draft: Tracker, options?: { unchecked?: boolean }) => {
    const outcome = saveTracker(context, draft, saved, options);
    // A stored draft shows up in `saved` and leaves `unsaved` by itself; a refused one stays to be corrected.
    return outcome.finally(() => void reload());
  };
  const remove = async (tracker: Tracker) => {
    const removed = saved.some((t) => t.id === tracker.id) ? await removeTracker(context, tracker, saved) : null;
    setDrafts((list) => list.filter((d) => d.id !== tracker.id));
    setLastRemoved(removed);
    await reload();
  };
  const undo = (removed: RemovedTracker) => {
    setLastRemoved(null);
    void undoRemove(context, removed).then(reload);
  };
  const unsaved = drafts.filter((d) => !saved.some((t) => t.id === d.id));
  return (
    <main>
      <h1>bz-companion</h1>
      {saved.length === 0 && <Welcome />}
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
      {lastRemoved && (
        <div class="banner removed" role="status" data-testid="removed">
          <span>Removed {new URL(lastRemoved.settings.url).host}.</span>{' '}
          <button type="button" onClick={() => undo(lastRemoved)}>
            Undo
          </button>
        </div>
      )}
      <button type="button" class="add-tracker" onClick={() => setDrafts((list) => [...list, emptyTracker()])}>
        Add tracker
      </button>
      <NewsSettingsForm platform={platform} />
    </main>
  );
}

/** What a new user reads first (the page opens by itself on install): what the extension does and needs. */
function Welcome() {
  return (
    <section class="welcome" aria-labelledby="welcome" data-testid="welcome">
      <h2 id="welcome">Welcome</h2>
      <p>
        bz-companion tells your Bugzilla when you open one of its bugs, and tells you what changed on the bugs you
        visited since you last looked: on the bug page, in its toolbar button and on the button's badge.
      </p>
      <p>It needs two things from you:</p>
      <ol>
        <li>your tracker's address, as you open its front page (for example https://bugzilla.example.org/);</li>
        <li>
          an API key, which you create on the tracker (a link to the right page appears below once you enter the
          address).
        </li>
      </ol>
      <p>The key stays on this device. Nothing is sent anywhere but to your tracker.</p>
      <PinStep />
    </section>
  );
}
