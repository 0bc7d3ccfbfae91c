import { afterAll, beforeAll, expect, it } from 'vitest';
import { newProduct } from '../../../testing/new-product.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { PostgresStore } from './postgres-store.js';

/*
 * An instance re-reads its catalogue on every notice that bzc_instance changed (its own writes
 * send one too). A re-read that began before a change of this instance and ended after it read
 * the older catalogue: it must not put that back over the newer one.
 */
describeWithPostgres('the catalogue kept by an instance while notices re-read it (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  let store: PostgresStore;
  let other: PostgresStore;

  beforeAll(async () => {
    store = await PostgresStore.open(databaseUrl(), {
      seed: snapshotFromFixture({ users: [{ login: 'a@example.com' }] }),
    });
    other = await PostgresStore.open(databaseUrl());
  });
  afterAll(async () => {
    await store?.close();
    await other?.close();
  });

  it('never goes back to an older catalogue than its own last change', async () => {
    for (let i = 0; i < 40; i++) {
      // Another instance's change: a notice, and a re-read of `store` under way while it changes too.
      const elsewhere = other.changeCatalogue(newProduct(`Elsewhere${i}`));
      const here = store.changeCatalogue(newProduct(`Here${i}`));
      await Promise.all([elsewhere, here]);
      expect(store.catalogue.product(`Here${i}`), `Here${i} right after it was made`).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(store.catalogue.product(`Here${i}`), `Here${i} after the re-reads`).toBeDefined();
    }
    // Every notice has arrived by now: both instances hold everything made.
    await expect.poll(() => store.catalogue.product('Elsewhere39')).toBeDefined();
    await expect.poll(() => other.catalogue.product('Here39')).toBeDefined();
  });
});
