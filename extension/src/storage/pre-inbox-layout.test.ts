import { describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../../testing/memory-platform.js';
import { followedIds, openedAt } from '../common/follow-record.js';
import { inboxRows } from '../common/inbox-rows.js';
import { FollowStorage } from './follow-storage.js';
import { NewsStorage } from './news-storage.js';
import { TrackerStorage } from './storage.js';
import { trackerInboxes } from './tracker-inboxes.js';

const T0 = Date.UTC(2026, 10, 20, 9);
const minutes = (n: number) => T0 + n * 60_000;

/**
 * storage.sync and storage.local as the release before the inbox writes
 * them (layout version 2: several trackers, keys in local, the visits this
 * browser recorded, the last refresh of recent visits), for two trackers:
 * a Bugzilla 5.2 (visits kept by the extension, one page named by its
 * alias, a visit waiting to be delivered) and a tracker that records visits.
 */
function preInboxRelease(): MemoryPlatform {
  const platform = new MemoryPlatform();
  const sync: Record<string, unknown> = {
    schemaVersion: 2,
    trackers: [
      { id: 'first', url: 'https://bugs.example.org/', authPreference: 'query', recordVisits: true, notify: true },
      { id: 'k2', url: 'https://bmo.example/', authPreference: 'auto', recordVisits: false, followInvolved: true },
    ],
    newsSettings: { badge: false, periodMinutes: 7, quietHours: { from: 1320, to: 420 } },
  };
  const local: Record<string, unknown> = {
    schemaVersion: 2,
    lastUsedTracker: 'k2',
    'apiKey:first': 'KeyOfFirst52',
    'apiKey:k2': 'KeyOfBmo',
    'delivery:first': {
      trackerUrl: 'https://bugs.example.org/',
      configuredAs: 'https://bugs.example.org/|query|x',
      queue: [{ bug: '77', seenAt: minutes(50) }],
      failures: [{ bug: '9', at: minutes(3), code: 102, message: 'You are not authorized to access bug #9.' }],
      lastDelivered: { at: minutes(40), bugs: ['12'] },
      problem: { kind: 'unreachable', detail: 'fetch failed' },
      nextTryAt: minutes(51),
      clock: null,
      authMode: 'query',
      batchRouteMissing: true,
      pathTakesNumbersOnly: true,
      aliasIds: { 'login-crash': 31 },
    },
    'visited:first': { '12': minutes(40), 'login-crash': minutes(30), '77': minutes(50) },
    'news:first': {
      at: minutes(45),
      source: 'extension',
      bugs: [
        {
          id: 12,
          summary: 'Search is slow',
          visitedAt: minutes(40),
          news: {
            comments: 2,
            changes: 1,
            fields: ['priority'],
            firstNewComment: 4,
            latest: { who: 'ann', at: minutes(44) },
          },
        },
        { id: 31, summary: 'Login crash', visitedAt: minutes(30), news: null },
      ],
    },
    'news:k2': {
      at: minutes(45),
      source: 'tracker',
      bugs: [{ id: 5005, summary: 'Tabs vanish', visitedAt: minutes(20), news: null }],
    },
    'popupCache:first': { html: '<p>kept</p>' },
    'visitReadsCrash:first': 'https://bugs.example.org/',
    'notified:first': { '12': minutes(44) },
  };
  for (const [key, value] of Object.entries(sync)) platform.sync.data.set(key, value);
  for (const [key, value] of Object.entries(local)) platform.local.data.set(key, value);
  return platform;
}

describe('the layout of the release before the inbox, read by this one', () => {
  it('keeps every tracker, key, setting and queued visit, and every stored item as it was', async () => {
    const platform = preInboxRelease();
    const before = { sync: new Map(platform.sync.data), local: new Map(platform.local.data) };
    const storage = new TrackerStorage(platform);
    expect(await storage.trackers()).toEqual([
      {
        id: 'first',
        url: 'https://bugs.example.org/',
        apiKey: 'KeyOfFirst52',
        authPreference: 'query',
        recordVisits: true,
        notify: true,
      },
      {
        id: 'k2',
        url: 'https://bmo.example/',
        apiKey: 'KeyOfBmo',
        authPreference: 'auto',
        recordVisits: false,
        followInvolved: true,
      },
    ]);
    const delivery = await storage.readDelivery('first');
    expect(delivery.queue).toEqual([{ bug: '77', seenAt: minutes(50) }]);
    expect(delivery.failures).toHaveLength(1);
    expect(delivery.aliasIds).toEqual({ 'login-crash': 31 });
    expect(await storage.lastUsed()).toBe('k2');
    const news = new NewsStorage(platform);
    expect(await news.settings()).toEqual({ badge: false, periodMinutes: 7, quietHours: { from: 1320, to: 420 } });
    expect(await news.notified('first')).toEqual({ '12': minutes(44) });
    expect(await news.visitReadsCrash('first', 'https://bugs.example.org/')).toBe(true);
    await storage.forgetRemovedTrackers();
    // Nothing the old release wrote was changed or removed by reading it.
    expect([...platform.sync.data]).toEqual([...before.sync]);
    expect([...platform.local.data]).toEqual([...before.local]);
  });

  it('follows every bug the old release knew was opened: remembered visits (aliases resolved) and its last refresh', async () => {
    const platform = preInboxRelease();
    const follow = new FollowStorage(platform);
    const first = await follow.record('first');
    expect(followedIds(first).sort((a, b) => a - b)).toEqual([12, 31, 77]);
    expect(openedAt(first['31'] ?? [0, 0])).toBe(minutes(30));
    const k2 = await follow.record('k2');
    expect(followedIds(k2)).toEqual([5005]);
    expect(openedAt(k2['5005'] ?? [0, 0])).toBe(minutes(20));
  });

  it('lists the old refresh’s changed bug in the inbox at once, before any request', async () => {
    const rows = inboxRows(await trackerInboxes(preInboxRelease()), minutes(60));
    expect(rows.map((row) => [row.label, row.bug.id, row.changedAt])).toEqual([['bugs.example.org', 12, minutes(44)]]);
  });
});
