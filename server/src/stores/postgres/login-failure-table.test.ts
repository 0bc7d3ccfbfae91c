import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { LOCKOUT_SECONDS } from '../../bugzilla/user/login-failures.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { PostgresStore } from './postgres-store.js';

const fixture = { users: [{ login: 'one@example.com' }, { login: 'two@example.com' }] };

describeWithPostgres('failed password logins in bzc_login_failures (PostgreSQL)', () => {
  const url = useFreshDatabase();
  let store: PostgresStore;
  let sql: pg.Client;
  const rows = async () =>
    (await sql.query('SELECT user_id, ip_addr, failed_at FROM bzc_login_failures ORDER BY failed_at')).rows.map(
      (row: { user_id: number; ip_addr: string; failed_at: string }) =>
        `${row.user_id} ${row.ip_addr} ${row.failed_at}`,
    );

  beforeAll(async () => {
    store = await PostgresStore.open(url(), { seed: snapshotFromFixture(fixture) });
    sql = new pg.Client({ connectionString: url() });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await store?.close();
  });

  it('answers those of the interval, per user and address; a login clears its address only', async () => {
    const failures = store.loginFailures;
    for (let i = 0; i < 3; i++) {
      await failures.note(1, '10.0.0.1', 1000 + i);
      await failures.note(1, '10.0.0.2', 1000 + i);
    }
    expect(await failures.recent(1, '10.0.0.1', 1010)).toEqual([1000, 1001, 1002]);
    expect(await failures.recent(2, '10.0.0.1', 1010)).toEqual([]);
    expect(await failures.recent(1, '10.0.0.1', 1001 + LOCKOUT_SECONDS)).toEqual([1002]);
    await failures.clear(1, '10.0.0.2', 1010);
    expect(await failures.recent(1, '10.0.0.2', 1010)).toEqual([]);
    expect(await failures.recent(1, '10.0.0.1', 1010)).toHaveLength(3);
    await failures.clearAll();
  });

  it('does not grow without bound: a new failure deletes the expired rows, of any user', async () => {
    const failures = store.loginFailures;
    for (let i = 0; i < 4; i++) await failures.note(1, '10.0.0.1', 2000 + i);
    await failures.note(2, '10.0.0.9', 2003 + LOCKOUT_SECONDS);
    // 2000 to 2003 are expired at 2003 + the interval (a failure counts while newer than that).
    expect(await rows()).toEqual([`2 10.0.0.9 ${2003 + LOCKOUT_SECONDS}`]);
  });

  it('are forgotten by a reset (replaceAll), as by an import', async () => {
    await store.loginFailures.note(1, '10.0.0.1', 3000);
    await store.replaceAll(snapshotFromFixture(fixture));
    expect(await rows()).toEqual([]);
  });
});
