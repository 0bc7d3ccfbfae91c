import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { NewsSettings } from '../common/news-state.js';
import type { Platform } from '../platform/platform.js';
import { NewsStorage } from '../storage/news-storage.js';
import { SavedNote, useSavedNotes } from './SavedNote.js';

/**
 * The settings of "what changed since your visit", for every tracker: the
 * badge's count and how often the background looks. Saved as they change
 * (the background picks them up from storage), each saying so beside it.
 */
export function NewsSettingsForm({ platform }: { platform: Platform }) {
  const storage = useMemo(() => new NewsStorage(platform), [platform]);
  const [settings, setSettings] = useState<NewsSettings | null>(null);
  const [periodError, setPeriodError] = useState<string | null>(null);
  const { notes, track } = useSavedNotes();
  useEffect(() => {
    void storage.settings().then(setSettings);
  }, [storage]);
  if (!settings) return null;

  const change = (patch: Partial<NewsSettings>, control: string) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    track(control, storage.saveSettings(next));
  };
  return (
    <form class="tracker" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Changed since your visit</legend>
        <div class="with-note">
          <label class="check">
            <input
              type="checkbox"
              checked={settings.badge}
              onChange={(e) => change({ badge: e.currentTarget.checked }, 'badge')}
            />
            Count changed bugs on the toolbar badge
          </label>
          <SavedNote note={notes.badge} />
        </div>
        <label for="news-period">Look for changes every (minutes)</label>
        <div class="with-note">
          <input
            id="news-period"
            type="number"
            min={1}
            max={1440}
            value={settings.periodMinutes}
            aria-invalid={periodError ? 'true' : undefined}
            aria-describedby="news-period-hint"
            onChange={(e) => {
              const error = periodProblem(e.currentTarget.value);
              setPeriodError(error);
              if (error === null) change({ periodMinutes: Number(e.currentTarget.value) }, 'period');
            }}
          />
          {periodError === null && <SavedNote note={notes.period} />}
        </div>
        <p id="news-period-hint" class={periodError ? 'error' : 'hint'} role={periodError ? 'alert' : undefined}>
          {periodError ?? 'From 1 to 1440 (a day).'}
        </p>
        <QuietHours settings={settings} onChange={(quietHours) => change({ quietHours }, 'quiet')}>
          <SavedNote note={notes.quiet} />
        </QuietHours>
      </fieldset>
    </form>
  );
}

/** Why a typed interval cannot be used, or null when it can (whole minutes, 1 to 1440). */
export function periodProblem(typed: string): string | null {
  const minutes = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(minutes)) return 'Enter a whole number of minutes. Not saved.';
  if (minutes < 1) return 'At least 1 minute: the tracker cannot be asked more often. Not saved.';
  if (minutes > 1440) return 'At most 1440 minutes (once a day). Not saved.';
  return null;
}

const asTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const asMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours === undefined || minutes === undefined || Number.isNaN(hours + minutes) ? null : hours * 60 + minutes;
};

/** No desktop notification between two times of day (by default 22:00 to 07:00, across midnight). */
function QuietHours({
  settings,
  onChange,
  children,
}: {
  settings: NewsSettings;
  onChange: (quiet: NewsSettings['quietHours']) => void;
  /** What became of the last change, shown beside the switch. */
  children: ComponentChildren;
}) {
  const quiet = settings.quietHours ?? null;
  const shown = quiet ?? { from: 22 * 60, to: 7 * 60 };
  const set = (edge: 'from' | 'to', time: string) => {
    const minutes = asMinutes(time);
    if (minutes !== null) onChange({ ...shown, [edge]: minutes });
  };
  return (
    <>
      <div class="with-note">
        <label class="check">
          <input
            type="checkbox"
            checked={quiet !== null}
            onChange={(e) => onChange(e.currentTarget.checked ? shown : null)}
          />
          No notifications during quiet hours
        </label>
        {children}
      </div>
      {quiet !== null && (
        <div class="quiet-hours">
          <label for="quiet-from">From</label>
          <input
            id="quiet-from"
            type="time"
            value={asTime(quiet.from)}
            onChange={(e) => set('from', e.currentTarget.value)}
          />
          <label for="quiet-to">to</label>
          <input
            id="quiet-to"
            type="time"
            value={asTime(quiet.to)}
            onChange={(e) => set('to', e.currentTarget.value)}
          />
        </div>
      )}
    </>
  );
}
