import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { PostgresStore } from './postgres-store.js';

const KEY = 'ReaderKey0123456789';
/** Two contents with the same user and key: a reader must find them in either, at every moment. */
const content = (version: string) =>
  snapshotFromFixture({
    instance: { version },
    users: [{ login: 'reader@example.com', api_keys: [KEY] }],
    bugs: Array.from({ length: 50 }, (_, i) => ({ id: i + 1, summary: `Bug ${i + 1} of ${version}` })),
  });

describeWithPostgres('replacing the content while others read (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  let writer: PostgresStore;
  let reader: PostgresStore;

  beforeAll(async () => {
    writer = await PostgresStore.open(databaseUrl(), { seed: content('5.2') });
    reader = await PostgresStore.open(databaseUrl());
  });
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
  });

  it('shows every reader the old content or the new, never an empty database', async () => {
    let replacing = true;
    const seen: string[] = [];
    const readers = Array.from({ length: 4 }, async () => {
      while (replacing) {
        const [key, snapshot] = await Promise.all([reader.findApiKey(KEY), reader.snapshot().catch((e: Error) => e)]);
        seen.push(key === undefined ? 'no key' : 'key');
        seen.push(snapshot instanceof Error ? snapshot.message : `${snapshot.bugs.length} bugs`);
      }
    });
    for (let i = 0; i < 15; i++) await writer.replaceAll(content(i % 2 ? '5.2' : '5.1'));
    replacing = false;
    await Promise.all(readers);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['key', '50 bugs']));
  });
});
