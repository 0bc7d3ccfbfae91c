import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { PostgresStore } from './postgres-store.js';

const INSTANCES = 3;
const WRITERS_PER_INSTANCE = 4;
const WRITES_PER_WRITER = 120;
const BUGS = 40;
const SHARED_USER = 1;

/** Writer w (0-based) owns user w + 2; user 1 is written by everyone. */
const fixture = {
  users: Array.from({ length: 1 + INSTANCES * WRITERS_PER_INSTANCE }, (_, i) => ({
    login: `user${i + 1}@example.com`,
  })),
  bugs: Array.from({ length: BUGS }, (_, i) => ({ id: i + 1 })),
};

interface Acknowledged {
  user: number;
  bugs: number[];
  ts: number;
}

const HOT_BUGS = 8;

/**
 * 2 to 6 of the first few bugs in a seeded random order: batches of one user
 * overlap in opposite orders, which deadlocks writers that lock rows in the order given.
 */
function batch(seed: number): number[] {
  let state = seed + 0x9e3779b9;
  const random = () => {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5;
    return ((state ^ (state >>> 13)) >>> 0) / 2 ** 32;
  };
  const bugs = Array.from({ length: HOT_BUGS }, (_, i) => i + 1);
  for (let i = bugs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [bugs[i], bugs[j]] = [bugs[j] as number, bugs[i] as number];
  }
  return bugs.slice(0, 2 + Math.floor(random() * 5));
}

describeWithPostgres('three instances on one database under concurrent writers (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  const stores: PostgresStore[] = [];

  beforeAll(async () => {
    const first = await PostgresStore.open(databaseUrl(), { seed: snapshotFromFixture(fixture) });
    stores.push(first);
    for (let i = 1; i < INSTANCES; i++) stores.push(await PostgresStore.open(databaseUrl(), { maxConnections: 4 }));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('loses no acknowledged write, surfaces no serialization error, and shows each write through every instance', async () => {
    const acknowledged: Acknowledged[] = [];
    const failures: unknown[] = [];
    const writer = async (w: number) => {
      const store = stores[w % INSTANCES] as PostgresStore;
      const other = stores[(w + 1) % INSTANCES] as PostgresStore;
      const ownUser = w + 2;
      for (let n = 0; n < WRITES_PER_WRITER; n++) {
        // Distinct, rising timestamps per writer make every write recognisable in the table.
        const ts = 1_900_000_000 + n * 1000 + w;
        const user = n % 2 === 0 ? SHARED_USER : ownUser;
        const bugs = batch(w * WRITES_PER_WRITER + n);
        try {
          await store.recordVisits(user, bugs, ts);
        } catch (error) {
          failures.push(error);
          continue;
        }
        acknowledged.push({ user, bugs, ts });
        if (user === ownUser) {
          // Read back at once through another instance: nobody else writes this user's rows.
          expect(await other.lastVisit(user, bugs[0] as number)).toBe(ts);
        }
      }
    };
    await Promise.all(Array.from({ length: INSTANCES * WRITERS_PER_INSTANCE }, (_, w) => writer(w)));

    expect(failures).toEqual([]);
    expect(acknowledged).toHaveLength(INSTANCES * WRITERS_PER_INSTANCE * WRITES_PER_WRITER);

    const written = new Map<string, number[]>();
    for (const write of acknowledged) {
      for (const bug of write.bugs) {
        const key = `${write.user}:${bug}`;
        written.set(key, [...(written.get(key) ?? []), write.ts]);
      }
    }
    const reader = stores[INSTANCES - 1] as PostgresStore;
    for (const [key, stamps] of written) {
      const [user, bug] = key.split(':').map(Number) as [number, number];
      const stored = await reader.lastVisit(user, bug);
      if (user === SHARED_USER) {
        // Concurrent writers of one row: the latest visit stays, whichever commits last.
        expect(stored).toBe(Math.max(...stamps));
      } else {
        // One writer's own rows, written in sequence: exactly its last write of each.
        expect(stored).toBe(Math.max(...stamps));
      }
    }
    const rows = await Promise.all(fixture.users.map((_, i) => reader.recentVisits(i + 1)));
    expect(rows.flat().length).toBeGreaterThan(0);
  });
});
