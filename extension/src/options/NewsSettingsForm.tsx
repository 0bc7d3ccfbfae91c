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
          onChange={(e) => {
            const minutes = Number(e.currentTarget.value);
            if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440) change({ periodMinutes: minutes });
          }}
        />
      </fieldset>
    </form>
  );
}
