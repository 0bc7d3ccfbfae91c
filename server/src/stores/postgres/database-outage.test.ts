import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithOwnCluster, type OwnCluster, startOwnCluster } from '../../../testing/postgres-test-database.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { DatabaseUnavailableError } from './errors.js';
import { PostgresStore } from './postgres-store.js';

const WRITERS = 4;
const BUGS = 10;

interface Attempt {
  bug: number;
  ts: number;
  acknowledged: boolean;
}

describeWithOwnCluster('the database stops and starts under writers (PostgreSQL)', () => {
  let cluster: OwnCluster;
  const stores: PostgresStore[] = [];

  beforeAll(async () => {
    cluster = await startOwnCluster();
    const seed = snapshotFromFixture({
      users: Array.from({ length: WRITERS }, (_, i) => ({ login: `writer${i + 1}@example.com` })),
      bugs: Array.from({ length: BUGS }, (_, i) => ({ id: i + 1 })),
    });
    stores.push(await PostgresStore.open(cluster.url, { seed }), await PostgresStore.open(cluster.url));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await cluster?.destroy();
  });

  it('answers DatabaseUnavailableError while it is down, acknowledges only what committed, and recovers by itself', async () => {
    const attempts: Attempt[][] = Array.from({ length: WRITERS }, () => []);
    const unexpected: unknown[] = [];
    let running = true;
    const writer = async (w: number) => {
      const store = stores[w % stores.length] as PostgresStore;
      for (let n = 0; running; n++) {
        const attempt = { bug: (n % BUGS) + 1, ts: 2_000_000_000 + n, acknowledged: false };
        try {
          await store.recordVisits(w + 1, [attempt.bug], attempt.ts);
          attempt.acknowledged = true;
        } catch (error) {
          if (!(error instanceof DatabaseUnavailableError)) unexpected.push(error);
          await sleep(5); // do not spin while the server is away
        }
        attempts[w]?.push(attempt);
      }
    };
    const count = (acknowledged: boolean) =>
      attempts.map((list) => list.filter((a) => a.acknowledged === acknowledged).length);
    /** Resolves once every writer has `n` more attempts with this outcome than in `since`. */
    const progress = async (acknowledged: boolean, since: number[], n: number) => {
      while (count(acknowledged).some((c, w) => c < (since[w] ?? 0) + n)) await sleep(10);
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    await progress(true, [0, 0, 0, 0], 20);
    await cluster.stop();
    // Down: every instance answers with the typed error the routes turn into 503, for writes and reads.
    for (const store of stores) {
      const write = store.recordVisits(1, [1], 1);
      await expect(write).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(write).rejects.toMatchObject({ retryAfterSeconds: 1 });
      await expect(store.recentVisits(1)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(store.findApiKey('any')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    }
    await progress(false, [0, 0, 0, 0], 3);

    await cluster.start();
    // Back: the same store objects write again, without being reopened.
    await progress(true, count(true), 20);
    running = false;
    await writers;

    expect(unexpected).toEqual([]);
    for (let w = 0; w < WRITERS; w++) {
      for (let bug = 1; bug <= BUGS; bug++) {
        const tries = (attempts[w] ?? []).filter((a) => a.bug === bug);
        const lastAcknowledged = tries.findLastIndex((a) => a.acknowledged);
        // A write that failed after the last acknowledged one may or may not have committed (the
        // connection died mid-way); anything acknowledged must be there unless a later write replaced it.
        const possible = tries.slice(Math.max(lastAcknowledged, 0)).map((a) => a.ts);
        const stored = await (stores[1] as PostgresStore).lastVisit(w + 1, bug);
        if (lastAcknowledged >= 0) expect(possible).toContain(stored);
      }
    }
  });
});
