import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { newTrackerId, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { type RemovedTracker, type SettingsPatch, TrackerStorage } from '../storage/storage.js';
import { addForm, dropForm, initialForms, keepOpen, type OpenForms, toggleForm } from './open-forms.js';
import { removeTracker, saveTracker, undoRemove } from './save-tracker.js';

const emptyTracker = (): Tracker => ({
  id: newTrackerId(),
  url: '',
  apiKey: '',
  authPreference: 'auto',
  recordVisits: true,
});

/** What the options page knows of the trackers, and what its clicks do to them; null until read. */
export function useTrackers(platform: Platform, add: string | null) {
  const state = useTrackerState(platform, add);
  if (!state.saved || !state.forms) return null;
  return trackerActions(state, state.saved, state.forms);
}

/** The trackers stored, the forms not saved yet, which forms are open, and the last one removed. */
function useTrackerState(platform: Platform, add: string | null) {
  const storage = useMemo(() => new TrackerStorage(platform), [platform]);
  const context = useMemo(() => ({ platform, storage }), [platform, storage]);
  const [saved, setSaved] = useState<Tracker[] | null>(null);
  const [drafts, setDrafts] = useState<Tracker[]>(() => (add ? [{ ...emptyTracker(), url: add }] : []));
  const [forms, setForms] = useState<OpenForms | null>(null);
  const [lastRemoved, setLastRemoved] = useState<RemovedTracker | null>(null);
  // The form "Track this tracker" asked for, open from the start: the one tracker saved then stays closed.
  const asked = useRef(drafts.map((d) => d.id));
  const reload = useCallback(
    () =>
      storage.trackers().then((list) => {
        setSaved(list);
        // With nothing set up, the form to fill in is there already: no "Add tracker" to find first.
        if (list.length === 0) setDrafts((open) => (open.length > 0 ? open : [emptyTracker()]));
        setForms(
          (known) =>
            known ??
            initialForms(
              list.map((t) => t.id),
              asked.current,
            ),
        );
      }),
    [storage],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { storage, context, saved, drafts, forms, lastRemoved, setDrafts, setForms, setLastRemoved, reload };
}

/** What the page shows once the trackers are read, and what its clicks do. */
function trackerActions(
  {
    storage,
    context,
    drafts,
    lastRemoved,
    setDrafts,
    setForms,
    setLastRemoved,
    reload,
  }: ReturnType<typeof useTrackerState>,
  saved: Tracker[],
  forms: OpenForms,
) {
  const unsaved = drafts.filter((d) => !saved.some((t) => t.id === d.id));
  return {
    saved,
    unsaved,
    forms,
    lastRemoved,
    save(draft: Tracker, options?: { unchecked?: boolean }) {
      const outcome = saveTracker(context, draft, saved, options);
      // A new tracker stays open once saved, showing what its Save said.
      if (!saved.some((t) => t.id === draft.id)) {
        void outcome.then((done) => done.saved && setForms((open) => open && keepOpen(open, draft.id)));
      }
      // A stored draft shows up in `saved` and leaves `unsaved` by itself; a refused one stays to be corrected.
      return outcome.finally(() => void reload());
    },
    async remove(tracker: Tracker) {
      const removed = saved.some((t) => t.id === tracker.id) ? await removeTracker(context, tracker, saved) : null;
      setDrafts((list) => list.filter((d) => d.id !== tracker.id));
      setForms((open) => open && dropForm(open, tracker.id));
      setLastRemoved(removed);
      await reload();
    },
    undo(removed: RemovedTracker) {
      setLastRemoved(null);
      // Back as it was when Remove was clicked: open.
      setForms((open) => open && keepOpen(open, removed.settings.id));
      void undoRemove(context, removed).then(reload);
    },
    add() {
      const draft = emptyTracker();
      setDrafts((list) => [...list, draft]);
      setForms((open) => open && addForm(open, draft.id));
    },
    toggle(id: string) {
      const unsavedIds = unsaved.map((d) => d.id);
      setForms((open) => open && toggleForm(open, id, unsavedIds));
    },
    autoSave(id: string, patch: SettingsPatch) {
      return storage.updateSettings(id, patch).finally(() => void reload());
    },
  };
}
