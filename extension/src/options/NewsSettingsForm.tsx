import { useEffect, useMemo, useState } from 'preact/hooks';
import type { NewsSettings } from '../news/news-state.js';
import type { Platform } from '../platform/platform.js';
import { NewsStorage } from '../storage/news-storage.js';

/**
 * The settings of "what changed since your visit", for every tracker: the
 * badge's count and how often the background looks. Saved as they change
 * (the background picks them up from storage).
 */
export function NewsSettingsForm({ platform }: { platform: Platform }) {
  const storage = useMemo(() => new NewsStorage(platform), [platform]);
  const [settings, setSettings] = useState<NewsSettings | null>(null);
  const [periodError, setPeriodError] = useState<string | null>(null);
  useEffect(() => {
    void storage.settings().then(setSettings);
  }, [storage]);
  if (!settings) return null;

  const change = (patch: Partial<NewsSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    void storage.saveSettings(next);
  };
  return (
    <form class="tracker" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Changed since your visit</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.badge}
            onChange={(e) => change({ badge: e.currentTarget.checked })}
          />
          Count changed bugs on the toolbar badge
        </label>
        <label for="news-period">Look for changes every (minutes)</label>
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
            if (error === null) change({ periodMinutes: Number(e.currentTarget.value) });
          }}
        />
        <p id="news-period-hint" class={periodError ? 'error' : 'hint'} role={periodError ? 'alert' : undefined}>
          {periodError ?? 'From 1 to 1440 (a day).'}
        </p>
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
