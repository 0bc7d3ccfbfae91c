import { useEffect, useState } from 'preact/hooks';
import type { Platform } from '../platform/platform.js';
import { syncUsage, type SyncUsage as Usage } from '../storage/sync-usage.js';
import { DROPPED_FIRST } from '../storage/triage-quota.js';

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What follows the user to their other browsers, how much of the browser's
 * sync quota it takes, and what goes first when a tracker's marks do not
 * fit. Follows storage as it changes (the inbox may be marking meanwhile).
 */
export function SyncUsage({ platform }: { platform: Platform }) {
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void syncUsage(platform).then((next) => live && setUsage(next));
    read();
    platform.onStorageChanged(read);
    return () => {
      live = false;
    };
  }, [platform]);
  if (!usage) return null;
  return (
    <section class="sync-usage" aria-labelledby="sync-usage" data-testid="sync-usage">
      <h3 id="sync-usage">Synced between your browsers</h3>
      <p>
        The trackers, their labels, these settings and your marks in the inbox (done, muted, snoozed, starred) follow
        you to your browsers signed in to the same account. API keys and what the extension keeps of each bug stay on
        this device.
      </p>
      <p>
        In use: {kilobytes(usage.bytes)} of the {kilobytes(usage.quota)} the browser allows{' '}
        <meter min={0} max={usage.quota} value={usage.bytes} aria-label="Sync storage in use" />
      </p>
      <TrackerMarks trackers={usage.trackers} />
      <p class="hint">When a tracker's marks outgrow its share of the quota, what goes: {DROPPED_FIRST}.</p>
    </section>
  );
}

/** Each tracker's marks and their size, for the trackers that have any; one line when none has. */
function TrackerMarks({ trackers }: { trackers: Usage['trackers'] }) {
  const marked = trackers.filter((t) => t.done + t.muted + t.snoozed + t.starred + t.dropped > 0);
  if (marked.length === 0) return <p>No bug marked in the inbox yet.</p>;
  return (
    <ul>
      {marked.map((tracker) => (
        <li key={tracker.id}>
          <strong>{tracker.label}</strong>: {tracker.done} done · {tracker.muted} muted · {tracker.snoozed} snoozed ·{' '}
          {tracker.starred} starred ({kilobytes(tracker.bytes)})
          {tracker.dropped > 0 && <span class="warning"> {tracker.dropped} older marks dropped to fit</span>}
        </li>
      ))}
    </ul>
  );
}
