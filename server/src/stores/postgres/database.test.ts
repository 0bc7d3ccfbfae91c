import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { Database } from './database.js';
import { DatabaseUnavailableError } from './errors.js';
import { PostgresStore } from './postgres-store.js';
import { withDatabase } from './scratch-database.js';
import { MAX_TRANSACTION_ATTEMPTS } from './with-retry.js';

describeWithPostgres('Database transactions (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  let db: Database;

  beforeAll(async () => {
    db = new Database(databaseUrl());
    await db.query('CREATE TABLE counter (n integer NOT NULL)', [], false);
    await db.query('INSERT INTO counter VALUES (0)', [], false);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs a transaction again after a real serialization failure, so the caller never sees it', async () => {
    let attempts = 0;
    let bothRead: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      let waiting = 2;
      bothRead = () => {
        if (--waiting === 0) resolve();
      };
    });
    const increment = () =>
      db.transaction(async (client) => {
        attempts++;
        const first = attempts <= 2;
        await client.query('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE');
        const { rows } = await client.query<{ n: number }>('SELECT n FROM counter');
        // The first two attempts both read before either writes: one of them must fail to commit.
        if (first) {
          bothRead();
          await barrier;
        }
        await client.query('UPDATE counter SET n = $1', [(rows[0]?.n ?? 0) + 1]);
      });
    await Promise.all([increment(), increment()]);
    expect(attempts).toBeGreaterThan(2);
    expect(await db.query('SELECT n FROM counter', [])).toEqual([{ n: 2 }]);
  });

  it('gives up after a bounded number of attempts and rethrows what PostgreSQL said', async () => {
    let attempts = 0;
    const alwaysConflicting = db.transaction(async (client) => {
      attempts++;
      await client.query(`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END $$`);
    });
    await expect(alwaysConflicting).rejects.toMatchObject({ code: '40001' });
    expect(attempts).toBe(MAX_TRANSACTION_ATTEMPTS);
  });

  it('does not retry a statement that is simply wrong', async () => {
    let attempts = 0;
    const wrong = db.transaction(async (client) => {
      attempts++;
      await client.query('SELECT * FROM no_such_table');
    });
    await expect(wrong).rejects.toMatchObject({ code: '42P01' });
    expect(attempts).toBe(1);
  });

  it('calls a statement left unanswered past the timeout unavailable, and the pool goes on working', async () => {
    const impatient = new Database(databaseUrl(), { queryTimeoutMs: 200 });
    try {
      await expect(impatient.query('SELECT pg_sleep(3)', [], false)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(await impatient.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    } finally {
      await impatient.close();
    }
  });

  it('calls a server that is not there unavailable, when serving and when opening', async () => {
    const url = withDatabase('postgres://postgres@127.0.0.1:1/', 'none');
    const nowhere = new Database(url);
    try {
      await expect(nowhere.query('SELECT 1', [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await nowhere.close();
    }
    await expect(PostgresStore.open(url)).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
