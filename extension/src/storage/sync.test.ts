import { describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../../testing/memory-platform.js';
import { SYNC_QUOTA_BYTES } from '../common/sync-quota.js';
import { applyTriage, emptyTriage } from '../common/triage.js';
import { NewsStorage } from './news-storage.js';
import { PinsStorage } from './pins-storage.js';
import { TrackerStorage } from './storage.js';
import { syncUsage } from './sync-usage.js';
import { TriageStorage } from './triage-storage.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const tracker = (id: string, apiKey: string) => ({
  id,
  url: `https://${id}.example/`,
  apiKey,
  authPreference: 'auto' as const,
  recordVisits: true,
});

/** Every item ever written to storage.sync, as written. */
function recordSyncWrites(platform: MemoryPlatform): unknown[] {
  const written: unknown[] = [];
  const set = platform.sync.set.bind(platform.sync);
  platform.sync.set = async (items) => {
    written.push(structuredClone(items));
    await set(items);
  };
  return written;
}

/** A second browser of the same user: what storage.sync carried over, nothing of storage.local. */
function otherDevice(platform: MemoryPlatform): MemoryPlatform {
  const there = new MemoryPlatform();
  for (const [key, value] of platform.sync.data) there.sync.data.set(key, structuredClone(value));
  return there;
}

describe('what follows the user between browsers', () => {
  it('never carries an API key: not in any write to storage.sync, whatever the page and the inbox do', async () => {
    const platform = new MemoryPlatform();
    // An install of the single-tracker version kept its key in sync: the upgrade moves it out.
    platform.sync.data.set('trackerUrl', 'https://first.example/');
    platform.sync.data.set('apiKey', 'FirstSecret111');
    const written = recordSyncWrites(platform);
    const storage = new TrackerStorage(platform);
    await storage.trackers();
    await storage.saveTracker(tracker('a', 'SecretA222'));
    await storage.saveTracker({ ...tracker('b', 'SecretB333'), notify: true });
    await storage.updateSettings('a', { label: 'Work', followInvolved: true });
    const triage = new TriageStorage(platform);
    await triage.write('a', applyTriage(emptyTriage(), 'star', [7], NOW), NOW);
    await new PinsStorage(platform).save([{ text: 'crash' }]);
    const news = new NewsStorage(platform);
    await news.saveSettings({ ...(await news.settings()), periodMinutes: 5 });
    const removed = await storage.removeTracker('b');
    if (removed) await storage.restoreTracker(removed);

    expect(written.length).toBeGreaterThan(6);
    for (const secret of ['FirstSecret111', 'SecretA222', 'SecretB333']) {
      expect(JSON.stringify(written)).not.toContain(secret);
      expect(JSON.stringify([...platform.sync.data])).not.toContain(secret);
    }
    expect((await storage.trackers()).map((t) => [t.id, t.apiKey])).toEqual([
      ['first', 'FirstSecret111'],
      ['a', 'SecretA222'],
      ['b', 'SecretB333'],
    ]);
  });

  it('carries the trackers with their labels, and done, muted, snoozed and starred bugs, to another browser', async () => {
    const platform = new MemoryPlatform();
    const storage = new TrackerStorage(platform);
    await storage.saveTracker(tracker('a', 'SecretA'));
    await storage.updateSettings('a', { label: 'Work' });
    let marks = applyTriage(emptyTriage(), 'done', [1], NOW);
    marks = applyTriage(marks, 'mute', [2], NOW);
    marks = applyTriage(marks, 'snooze', [3], NOW, NOW + 3_600_000);
    marks = applyTriage(marks, 'star', [4], NOW);
    await new TriageStorage(platform).write('a', marks, NOW);

    const there = otherDevice(platform);
    expect(await new TrackerStorage(there).trackers()).toEqual([{ ...tracker('a', ''), label: 'Work' }]);
    expect((await new TriageStorage(there).read(['a'])).get('a')).toEqual(marks);
  });

  it('stays within the sync quota with fourteen trackers full of marks, dropping old Done marks first, keeping mutes and stars', async () => {
    const platform = new MemoryPlatform();
    const storage = new TrackerStorage(platform);
    const triage = new TriageStorage(platform);
    const ids = Array.from({ length: 14 }, (_, i) => `t${i + 1}`);
    for (const id of ids) await storage.saveTracker(tracker(id, `Key${id}`));
    for (const id of ids) {
      let marks = emptyTriage();
      for (let bug = 1; bug <= 1200; bug++) marks.done[String(100_000 + bug)] = Math.floor(NOW / 1000) - bug;
      marks = applyTriage(marks, 'mute', [11, 12, 13], NOW);
      marks = applyTriage(marks, 'star', [21, 22], NOW);
      marks = applyTriage(marks, 'snooze', [31], NOW, NOW - 1000);
      // The browser's own quota check (the memory platform's sync area keeps it) would throw here.
      await triage.write(id, marks, NOW);
    }
    const usage = await syncUsage(platform);
    expect(usage.bytes).toBeLessThanOrEqual(SYNC_QUOTA_BYTES);
    const kept = await triage.read(ids);
    for (const id of ids) {
      const marks = kept.get(id);
      expect(Object.keys(marks?.muted ?? {})).toEqual(['11', '12', '13']);
      expect(Object.keys(marks?.starred ?? {})).toEqual(['21', '22']);
      // The snooze already over went; of the Done marks the newest stay (bug 100001 was marked last).
      expect(marks?.snoozed).toEqual({});
      expect(marks?.done['100001']).toBeDefined();
      expect(marks?.done['101200']).toBeUndefined();
    }
    const dropped = usage.trackers.map((t) => t.dropped);
    expect(dropped.every((count) => count > 0)).toBe(true);
    expect(usage.trackers[0]).toMatchObject({ id: 't1', label: 't1.example', muted: 3, starred: 2, snoozed: 0 });
  });
});
