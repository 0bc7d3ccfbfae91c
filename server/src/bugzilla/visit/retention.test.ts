import { describe, expect, it } from 'vitest';
import { serveFixture } from '../../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';
import { pruneExpiredVisits, retentionCutoff } from './retention.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const clock = { now: () => NOW };

function storeKeeping(days: string) {
  return createMemoryStore(
    snapshotFromFixture({
      instance: { parameters: { last_visit_keep_days: days } },
      users: [{ login: 'a@example.com' }],
      bugs: [{ id: 1 }, { id: 2 }],
      last_visits: [
        { user: 'a@example.com', bug_id: 1, last_visit_ts: '2026-11-01T00:00:00Z' },
        { user: 'a@example.com', bug_id: 2, last_visit_ts: '2026-11-20T00:00:00Z' },
      ],
    }),
  );
}

describe('retention', () => {
  it('removes visits older than last_visit_keep_days', async () => {
    const store = storeKeeping('10');
    expect(retentionCutoff(store, clock)).toBe(NOW / 1000 - 10 * 86_400);
    expect(await pruneExpiredVisits(store, clock)).toBe(1);
    expect((await store.recentVisits(1)).map((v) => v.bugId)).toEqual([2]);
  });

  it('keeps everything when the data never set the parameter (Bugzilla’s default of 10 is only shown)', async () => {
    const store = createMemoryStore(
      snapshotFromFixture({
        users: [{ login: 'a@example.com' }],
        bugs: [{ id: 1 }],
        last_visits: [{ user: 'a@example.com', bug_id: 1, last_visit_ts: '2020-01-01T00:00:00Z' }],
      }),
    );
    expect(store.instance.parameters.last_visit_keep_days).toBe('10');
    expect(retentionCutoff(store, clock)).toBeNull();
    expect(await pruneExpiredVisits(store, clock)).toBe(0);
    expect(store.recentVisits(1)).toHaveLength(1);
  });

  it.each(['0', '', 'forever'])('keeps everything when the parameter is %j', async (days) => {
    const store = storeKeeping(days);
    expect(retentionCutoff(store, clock)).toBeNull();
    expect(await pruneExpiredVisits(store, clock)).toBe(0);
    expect(store.recentVisits(1)).toHaveLength(2);
  });

  it('prunes at start when the server opens the store', async () => {
    const server = await serveFixture({
      ...standardFixture({ instance: { parameters: { last_visit_keep_days: '30' } } }),
      last_visits: [
        { user: 'bob@example.com', bug_id: 1, last_visit_ts: '2020-01-01T00:00:00Z' },
        { user: 'bob@example.com', bug_id: 6, last_visit_ts: new Date().toISOString().slice(0, 19).concat('Z') },
      ],
    });
    try {
      expect(server.stdout()).toMatch(/removed 1 visits older than last_visit_keep_days/);
      const response = await fetch(`${server.url}/rest/bug_user_last_visit`, {
        headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
      });
      expect(((await response.json()) as Array<{ id: number }>).map((v) => v.id)).toEqual([6]);
    } finally {
      await server.stop();
    }
  });
});
