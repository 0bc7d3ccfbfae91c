import { describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../../testing/memory-platform.js';
import { TrackerStorage } from './storage.js';

/** A profile of the single-tracker version: its settings in sync (key included) and one delivery state in local. */
function singleTrackerProfile() {
  const platform = new MemoryPlatform();
  platform.sync.data.set('trackerUrl', 'https://bugzilla.example.org/');
  platform.sync.data.set('apiKey', 'OldKey123');
  platform.sync.data.set('authPreference', 'query');
  platform.sync.data.set('trackingEnabled', false);
  platform.local.data.set('delivery', {
    trackerUrl: 'https://bugzilla.example.org/',
    queue: [
      { bug: '42', seenAt: 1 },
      { bug: 'an-alias', seenAt: 2 },
    ],
    failures: [{ bug: '9', at: 3, code: 102, message: 'no access' }],
    lastDelivered: { at: 4, bugs: ['8'] },
    problem: { kind: 'unreachable', detail: 'down' },
    clock: null,
    authModes: { 'https://bugzilla.example.org/': 'query', 'http://127.0.0.1:3080/': 'header' },
  });
  return platform;
}

describe('TrackerStorage', () => {
  it('upgrades a single-tracker profile: its tracker, key and queue become the first tracker’s', async () => {
    const platform = singleTrackerProfile();
    const storage = new TrackerStorage(platform);
    expect(await storage.trackers()).toEqual([
      {
        id: 'first',
        url: 'https://bugzilla.example.org/',
        apiKey: 'OldKey123',
        authPreference: 'query',
        recordVisits: false,
      },
    ]);
    const state = await storage.readDelivery('first');
    expect(state.queue.map((v) => v.bug)).toEqual(['42', 'an-alias']);
    expect(state.failures).toHaveLength(1);
    expect(state.lastDelivered).toEqual({ at: 4, bugs: ['8'] });
    expect(state.authMode).toBe('query');
    expect(state.trackerUrl).toBe('https://bugzilla.example.org/');
    // The key left storage.sync; the old keys are gone from both areas.
    expect([...platform.sync.data.keys()].sort()).toEqual(['schemaVersion', 'trackers']);
    expect(JSON.stringify([...platform.sync.data.values()])).not.toContain('OldKey123');
    expect(platform.local.data.has('delivery')).toBe(false);
  });

  it('upgrades once: a second start changes nothing, and a second device sees the tracker without its key', async () => {
    const platform = singleTrackerProfile();
    await new TrackerStorage(platform).trackers();
    // The next start of the worker: a new platform over the same storage.
    const restarted = new MemoryPlatform();
    for (const [key, value] of platform.sync.data) restarted.sync.data.set(key, structuredClone(value));
    for (const [key, value] of platform.local.data) restarted.local.data.set(key, structuredClone(value));
    await new TrackerStorage(restarted).trackers();
    expect([...restarted.sync.data]).toEqual([...platform.sync.data]);
    expect([...restarted.local.data]).toEqual([...platform.local.data]);

    const otherDevice = new MemoryPlatform();
    for (const [key, value] of platform.sync.data) otherDevice.sync.data.set(key, value);
    const there = await new TrackerStorage(otherDevice).trackers();
    expect(there).toMatchObject([{ url: 'https://bugzilla.example.org/', apiKey: '' }]);
  });

  it('migrates once when the worker and a page start together', async () => {
    const platform = singleTrackerProfile();
    const [worker, page] = [new TrackerStorage(platform), new TrackerStorage(platform)];
    const [fromWorker, fromPage] = await Promise.all([worker.trackers(), page.trackers()]);
    expect(fromPage).toEqual(fromWorker);
    expect((await worker.readDelivery('first')).queue).toHaveLength(2);
  });

  it('invents no tracker on a fresh install', async () => {
    const platform = new MemoryPlatform();
    expect(await new TrackerStorage(platform).trackers()).toEqual([]);
    expect(platform.sync.data.get('schemaVersion')).toBe(2);
  });

  it('keeps a version 1 install that never stored a URL on the local companion it used', async () => {
    const platform = new MemoryPlatform();
    platform.sync.data.set('apiKey', 'LocalKey');
    expect(await new TrackerStorage(platform).trackers()).toMatchObject([
      { id: 'first', url: 'http://127.0.0.1:3080/', apiKey: 'LocalKey' },
    ]);
  });

  it('keeps keys in storage.local only, and removes a tracker with its key and state', async () => {
    const platform = new MemoryPlatform();
    const storage = new TrackerStorage(platform);
    await storage.saveTracker({
      id: 'b',
      url: 'https://b.example/',
      apiKey: 'SecretB',
      authPreference: 'auto',
      recordVisits: true,
    });
    await storage.writeDelivery('b', { ...(await storage.readDelivery('b')), trackerUrl: 'https://b.example/' });
    expect(JSON.stringify([...platform.sync.data.values()])).not.toContain('SecretB');
    expect(platform.local.data.get('apiKey:b')).toBe('SecretB');
    await storage.removeTracker('b');
    expect(await storage.trackers()).toEqual([]);
    expect([...platform.local.data.keys()].filter((key) => key.endsWith(':b'))).toEqual([]);
  });

  it('puts a removed tracker back as it was: its place, its key and its queue', async () => {
    const platform = new MemoryPlatform();
    const storage = new TrackerStorage(platform);
    for (const id of ['a', 'b', 'c']) {
      await storage.saveTracker({
        id,
        url: `https://${id}.example/`,
        apiKey: `Key${id}`,
        authPreference: 'auto',
        recordVisits: true,
      });
    }
    const queued = {
      ...(await storage.readDelivery('b')),
      trackerUrl: 'https://b.example/',
      queue: [{ bug: '7', seenAt: 1 }],
    };
    await storage.writeDelivery('b', queued);
    const removed = await storage.removeTracker('b');
    expect((await storage.trackers()).map((t) => t.id)).toEqual(['a', 'c']);
    if (!removed) throw new Error('nothing removed');
    await storage.restoreTracker(removed);
    expect((await storage.trackers()).map((t) => [t.id, t.apiKey])).toEqual([
      ['a', 'Keya'],
      ['b', 'Keyb'],
      ['c', 'Keyc'],
    ]);
    expect((await storage.readDelivery('b')).queue).toEqual([{ bug: '7', seenAt: 1 }]);
    expect(await storage.removeTracker('nope')).toBeNull();
  });

  it('drops entries of the list it cannot read (written by another version) and keeps the rest', async () => {
    const platform = new MemoryPlatform();
    platform.sync.data.set('schemaVersion', 2);
    platform.sync.data.set('trackers', [{ id: 'x' }, { id: 'ok', url: 'https://ok.example/', recordVisits: 'yes' }]);
    const trackers = await new TrackerStorage(platform).trackers();
    expect(trackers).toEqual([
      { id: 'ok', url: 'https://ok.example/', apiKey: '', authPreference: 'auto', recordVisits: true },
    ]);
  });
});
