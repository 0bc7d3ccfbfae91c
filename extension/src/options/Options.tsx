import { normalizeBaseUrl } from '@bz-companion/shared';
import { useEffect, useState } from 'preact/hooks';
import { classify, describeProblem } from '../common/problems.js';
import { type AuthPreference, isLocalTracker, originPattern, type Settings } from '../common/settings.js';
import { checkKey } from '../common/tracker.js';
import type { Platform } from '../platform/platform.js';

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'ok'; text: string } | { kind: 'error'; text: string };

/** The options page: tracker URL, API key, how the key is sent, and whether visits are recorded. */
export function Options({ platform }: { platform: Platform }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  useEffect(() => {
    void platform.readSettings().then(setSettings);
  }, [platform]);
  if (!settings) return <main aria-busy="true" />;

  const update = (patch: Partial<Settings>) => setSettings({ ...settings, ...patch });

  const save = async (event: Event) => {
    event.preventDefault();
    let trackerUrl: string;
    try {
      trackerUrl = normalizeBaseUrl(settings.trackerUrl);
    } catch (error) {
      setOutcome({ kind: 'error', text: (error as Error).message.replace(/^bz-companion: /, '') });
      return;
    }
    // Ask first, while the click still counts as a user gesture.
    if (!isLocalTracker(trackerUrl)) {
      const origin = originPattern(trackerUrl);
      const granted = (await platform.hasHostPermission(origin)) || (await platform.requestHostPermission(origin));
      if (!granted) {
        setOutcome({ kind: 'error', text: `Without permission for ${origin} the extension cannot reach the tracker.` });
        return;
      }
    }
    const next = { ...settings, trackerUrl, apiKey: settings.apiKey.trim() };
    setSettings(next);
    await platform.writeSettings(next);
    if (next.apiKey === '') {
      setOutcome({ kind: 'ok', text: 'Saved. Add an API key to record visits.' });
      return;
    }
    setOutcome({ kind: 'busy' });
    try {
      const check = await checkKey(next, platform.fetch, AbortSignal.timeout(10_000));
      const how = check.authMode === 'header' ? 'as a header' : 'as a query parameter';
      setOutcome({
        kind: 'ok',
        text: check.login
          ? `Saved. Signed in as ${check.login} (key sent ${how}).`
          : `Saved. Key accepted (sent ${how}).`,
      });
    } catch (error) {
      const sorted = classify(error);
      setOutcome({
        kind: 'error',
        text: `Saved, but: ${'problem' in sorted ? describeProblem(sorted.problem) : sorted.rejection.message}`,
      });
    }
  };

  return (
    <main>
      <h1>bz-companion</h1>
      <form onSubmit={save}>
        <label for="tracker-url">Tracker URL</label>
        <input
          id="tracker-url"
          type="text"
          inputMode="url"
          spellcheck={false}
          required
          value={settings.trackerUrl}
          onInput={(e) => update({ trackerUrl: e.currentTarget.value })}
          placeholder="https://bugzilla.example.org/"
        />
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autocomplete="off"
          value={settings.apiKey}
          onInput={(e) => update({ apiKey: e.currentTarget.value })}
        />
        <p class="hint">Create one in your tracker under Preferences → API Keys.</p>
        <label for="auth-mode">How to send the key</label>
        <select
          id="auth-mode"
          value={settings.authPreference}
          onChange={(e) => update({ authPreference: e.currentTarget.value as AuthPreference })}
        >
          <option value="auto">Automatically (ask the tracker)</option>
          <option value="header">As a header (Bugzilla 5.1, 5.3+, bugzilla.mozilla.org)</option>
          <option value="query">As a query parameter (Bugzilla 5.0, 5.2)</option>
        </select>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.trackingEnabled}
            onChange={(e) => update({ trackingEnabled: e.currentTarget.checked })}
          />
          Record my visits to this tracker's bug pages
        </label>
        <button type="submit" disabled={outcome.kind === 'busy'}>
          Save
        </button>
        <p role="status" class={outcome.kind === 'error' ? 'error' : 'ok'} data-testid="options-status">
          {outcome.kind === 'busy' ? 'Checking the key…' : outcome.kind === 'idle' ? '' : outcome.text}
        </p>
      </form>
    </main>
  );
}
