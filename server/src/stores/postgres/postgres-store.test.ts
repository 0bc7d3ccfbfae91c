import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bugContentFixture } from '../../../testing/bug-content-fixture.js';
import { everyBug } from '../../../testing/every-bug.js';
import { owned } from '../../../testing/owned.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { readBugAhead } from '../../bugzilla/bug/bug-ref.js';
import type { Store } from '../../bugzilla/store/store.js';
import { NewUserError } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { type Fixture, snapshotFromFixture } from '../../import/fixture/fixture.js';
import { createMemoryStore } from '../memory/memory-store.js';
import { PostgresStore } from './postgres-store.js';

const fixture: Fixture = {
  instance: { version: '5.2', parameters: { maintainer: 'admin@example.com' }, db_time_offset_seconds: 30 },
  groups: ['tweakparams', 'secret'],
  users: [
    { login: 'admin@example.com', real_name: 'Admin', groups: ['tweakparams'], api_keys: ['AdminKey0123456789'] },
    { login: 'Dev@Example.com', api_keys: ['DevKey0123456789'], revoked_api_keys: ['OldDevKey0123456'] },
    { login: 'gone@example.com', disabled: true, disabled_text: 'Left the project' },
  ],
  bugs: [
    { id: 1, alias: 'Login-Crash', reporter: 'admin@example.com', cc: ['Dev@Example.com', 'admin@example.com'] },
    { id: 2, reporter: 'Dev@Example.com', assigned_to: 'admin@example.com', groups: ['secret'] },
    { id: 3, qa_contact: 'gone@example.com', reporter_accessible: false, cclist_accessible: false },
    ...Array.from({ length: 30 }, (_, i) => ({ id: 10 + i })),
  ],
  audit_log: [
    { class: 'Bugzilla::Product', at_time: '2026-01-01T00:00:00Z', user: 'admin@example.com' },
    { class: 'Tracker::Milestone', at_time: '2026-02-01T00:00:00Z' },
  ],
  last_visits: [
    { user: 'admin@example.com', bug_id: 1, last_visit_ts: '2026-03-01T00:00:00Z' },
    { user: 'admin@example.com', bug_id: 2, last_visit_ts: '2026-03-01T00:00:00Z' },
    { user: 'admin@example.com', bug_id: 3, last_visit_ts: '2026-02-01T00:00:00Z' },
    // A later entry is a later write: bug 1 moves behind bug 2's tie.
    { user: 'admin@example.com', bug_id: 1, last_visit_ts: '2026-03-01T00:00:00Z' },
    ...Array.from({ length: 25 }, (_, i) => ({
      user: 'Dev@Example.com',
      bug_id: 10 + i,
      last_visit_ts: `2026-04-${String(1 + (i % 5)).padStart(2, '0')}T00:00:00Z`,
    })),
  ],
};

describeWithPostgres('PostgresStore (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  let store: PostgresStore;
  /** The same data in the file store's model: every answer must be the same. */
  let reference: Store;

  beforeAll(async () => {
    const snapshot = snapshotFromFixture(fixture);
    store = await PostgresStore.open(databaseUrl(), { seed: snapshot });
    reference = createMemoryStore(snapshot);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('answers what the file store answers for the same fixture', async () => {
    expect(store.instance).toEqual(reference.instance);
    for (const key of ['AdminKey0123456789', 'DevKey0123456789', 'OldDevKey0123456', 'NoSuchKey']) {
      expect(await store.findApiKey(key)).toEqual(await reference.findApiKey(key));
    }
    for (const id of [1, 2, 3, 4]) expect(await store.userById(id)).toEqual(await reference.userById(id));
    for (const id of [1, 2, 3, 10, 99]) {
      const expected = await reference.bugById(id);
      const actual = await store.bugById(id);
      // cc has no order in Bugzilla's table; compare it as a set.
      expect(actual && { ...actual, cc: [...actual.cc].sort() }).toEqual(
        expected && { ...expected, cc: [...expected.cc].sort() },
      );
    }
    expect((await everyBug(store)).map((bug) => bug.id)).toEqual((await everyBug(reference)).map((bug) => bug.id));
    for (const alias of ['login-crash', 'LOGIN-CRASH', 'nope']) {
      expect((await store.bugByAlias(alias))?.id).toEqual((await reference.bugByAlias(alias))?.id);
    }
    for (const [user, bug] of [
      [1, 1],
      [1, 3],
      [2, 1],
      [2, 12],
    ] as const) {
      expect(await store.lastVisit(user, bug)).toEqual(await reference.lastVisit(user, bug));
    }
    for (const user of [1, 2, 3]) expect(await store.recentVisits(user)).toEqual(await reference.recentVisits(user));
    for (const classes of [null, ['Bugzilla::Product'], ['Tracker::Milestone', 'Bugzilla::Milestone'], ['None']]) {
      expect(await store.lastAuditTime(classes)).toEqual(await reference.lastAuditTime(classes));
    }
  });

  it('orders visits of one second by write order, as the file store does, including repeats in a batch', async () => {
    const ts = 1_800_000_000;
    const writes: Array<[number, number[]]> = [
      [1, [2]],
      [1, [3, 1, 2]],
      [2, [12, 10, 12, 11]],
      [1, [3]],
    ];
    for (const [user, bugs] of writes) {
      await store.recordVisits(user, bugs, ts);
      await reference.recordVisits(user, bugs, ts);
    }
    expect(await store.recentVisits(1)).toEqual(await reference.recentVisits(1));
    expect(await store.recentVisits(2)).toEqual(await reference.recentVisits(2));
    expect((await store.recentVisits(1)).map((visit) => visit.bugId)).toEqual([3, 2, 1]);
  });

  it('answers look-ups made in one tick (one statement) each with its own row', async () => {
    const keys = ['DevKey0123456789', 'NoSuchKey', 'AdminKey0123456789', 'OldDevKey0123456', 'DevKey0123456789'];
    const ids = [3, 99, 1, 2, 3];
    const [found, bugs] = await Promise.all([
      Promise.all(keys.map((key) => store.findApiKey(key))),
      Promise.all(ids.map((id) => store.bugById(id))),
    ]);
    expect(found).toEqual(await Promise.all(keys.map((key) => reference.findApiKey(key))));
    expect(bugs.map((bug) => bug?.id)).toEqual([3, undefined, 1, 2, 3]);
  });

  it("has the path's bug read ahead only when the path holds a bug number", async () => {
    const ahead = readBugAhead(store, ' 3 ');
    expect(ahead?.id).toBe(3);
    expect(await ahead?.bug).toEqual(await store.bugById(3));
    for (const path of ['0', 'Login-Crash', '1e3', '99999999999999999999', '']) {
      expect(readBugAhead(store, path)).toBeUndefined();
    }
  });

  it('commits the visits recorded in one tick as the file store records them one after another', async () => {
    const ts = 1_800_000_100;
    const writes: Array<[number, number[], number]> = [
      [1, [10, 2], ts],
      [2, [10, 13], ts],
      [1, [2, 11], ts + 1],
      [2, [13], ts],
    ];
    await Promise.all(writes.map(([user, bugs, at]) => store.recordVisits(user, bugs, at)));
    for (const [user, bugs, at] of writes) await reference.recordVisits(user, bugs, at);
    for (const user of [1, 2]) {
      expect(await store.allVisits(user)).toEqual(await reference.allVisits(user));
      expect(await store.recentVisits(user)).toEqual(await reference.recentVisits(user));
    }
  });

  it('fails only the write that cannot be made when it was batched with others', async () => {
    const ts = 1_800_000_200;
    const results = await Promise.allSettled([
      store.recordVisits(1, [12], ts),
      store.recordVisits(1, [9999], ts), // no such bug: the foreign key refuses it
      store.recordVisits(2, [12], ts),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.lastVisit(1, 12)).toBe(ts);
    expect(await store.lastVisit(2, 12)).toBe(ts);
    expect(await store.lastVisit(1, 9999)).toBeUndefined();
    await reference.recordVisits(1, [12], ts);
    await reference.recordVisits(2, [12], ts);
  });

  it('prunes what the file store prunes', async () => {
    const cutoff = Date.parse('2026-04-03T00:00:00Z') / 1000;
    expect(await owned(store).pruneVisits(cutoff)).toEqual(await owned(reference).pruneVisits(cutoff));
    expect(await store.recentVisits(2)).toEqual(await reference.recentVisits(2));
    expect(await owned(store).pruneVisits(cutoff)).toBe(0);
  });

  it('adds a user whose new key works, and refuses a login already taken in any letter case', async () => {
    const { user, apiKey } = await owned(store).addUser({
      login: 'new@example.com',
      realName: 'New',
      groups: ['fresh'],
    });
    expect(user).toMatchObject({ login: 'new@example.com', realName: 'New', groups: ['fresh'], disabled: false });
    expect(apiKey).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(await store.findApiKey(apiKey)).toEqual({ user, revoked: false });
    await expect(owned(store).addUser({ login: 'NEW@example.com' })).rejects.toThrow(
      new NewUserError('user NEW@example.com already exists'),
    );
    await expect(owned(store).addUser({ login: '  ' })).rejects.toBeInstanceOf(NewUserError);
    const logins = (await Promise.all([1, 2, 3, 4, 5].map((id) => store.userById(id)))).map((u) => u?.login);
    expect(logins).toEqual(['admin@example.com', 'Dev@Example.com', 'gone@example.com', 'new@example.com', undefined]);
  });

  it("replaces a user's API key: the new one works, the earlier ones are revoked; an unknown login is refused", async () => {
    const { user, apiKey: first } = await owned(store).addUser({ login: 'rekeyed@example.com' });
    const second = await owned(store).replaceApiKey('REKEYED@example.com');
    expect(second).not.toBe(first);
    expect(await store.findApiKey(second)).toEqual({ user, revoked: false });
    expect(await store.findApiKey(first)).toEqual({ user, revoked: true });
    await expect(owned(store).replaceApiKey('nobody@example.com')).rejects.toThrow(
      new NewUserError('no user nobody@example.com'),
    );
  });

  it("takes now() from the database, not the web clock, with the instance's skew or the admin clock's", async () => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    const before = Number((await client.query('SELECT (extract(epoch FROM now()) * 1000)::bigint AS ms')).rows[0].ms);
    await client.end();
    const skewed = await store.databaseNow(0, undefined);
    expect(skewed - before).toBeGreaterThanOrEqual(30_000); // the fixture's 30 s skew; the web clock's 0 is ignored
    expect(skewed - before).toBeLessThan(40_000);
    const overridden = await store.databaseNow(0, -60);
    expect(overridden - before).toBeGreaterThanOrEqual(-60_000);
    expect(overridden - before).toBeLessThan(-50_000);
  });

  it("counts a change of a user's name through another instance (its notice), as through its own", async () => {
    const second = await PostgresStore.open(databaseUrl());
    try {
      const [mine, theirs] = [store.userChanges, second.userChanges];
      await owned(second).updateUsers([3], ([gone]) => ({
        users: [{ ...(gone as User), realName: 'Gone for good' }],
        answer: null,
      }));
      expect(second.userChanges).toBeGreaterThan(theirs);
      await vi.waitFor(() => expect(store.userChanges).toBeGreaterThan(mine), { timeout: 5000 });
      expect(await store.userById(3)).toMatchObject({ realName: 'Gone for good' });
    } finally {
      await second.close();
    }
  });

  it('keeps the data when a second instance opens with a seed, and replaces it all on import', async () => {
    const second = await PostgresStore.open(databaseUrl(), { seed: snapshotFromFixture({ users: [] }) });
    try {
      expect(await second.userById(1)).toEqual(await store.userById(1));
      await owned(second).replaceAll(snapshotFromFixture({ users: [{ login: 'only@example.com' }] }));
      expect(second.instance.dbTimeOffsetSeconds).toBe(0);
      expect(await store.userById(1)).toMatchObject({ login: 'only@example.com' });
      expect(await store.userById(2)).toBeUndefined();
      expect(await store.recentVisits(1)).toEqual([]);
      expect(await store.findApiKey('AdminKey0123456789')).toBeUndefined();
      // The sequences follow the imported ids: the next user is number 2.
      expect((await owned(second).addUser({ login: 'next@example.com' })).user.id).toBe(2);
      // Two instances adding one login at once: one succeeds, the other is told, nothing half-written.
      const both = await Promise.allSettled([
        owned(store).addUser({ login: 'race@example.com' }),
        owned(second).addUser({ login: 'Race@example.com' }),
      ]);
      expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(both.find((result) => result.status === 'rejected')).toMatchObject({ reason: { name: 'NewUserError' } });
      // One user for the two logins; the loser's id, already taken from the sequence, stays unused (either may win).
      const made = await Promise.all([3, 4].map((id) => store.userById(id)));
      expect(made.filter((user) => user !== undefined)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describeWithPostgres('PostgresStore on a new database (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it('refuses to serve an empty database without a seed, and seeds it once when instances open together', async () => {
    await expect(PostgresStore.open(databaseUrl())).rejects.toThrow(/no data yet: import a fixture first/);
    const seeds = ['a', 'b', 'c'].map((name) => snapshotFromFixture({ users: [{ login: `${name}@example.com` }] }));
    const stores = await Promise.all(seeds.map((seed) => PostgresStore.open(databaseUrl(), { seed })));
    try {
      const logins = await Promise.all(stores.map(async (s) => (await s.userById(1))?.login));
      expect(new Set(logins).size).toBe(1);
      expect(await stores[0]?.userById(2)).toBeUndefined();
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});

describeWithPostgres('PostgresStore with bug content (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it("reads comments, history and fields as the file store does, and its snapshot is the file store's", async () => {
    const snapshot = snapshotFromFixture(bugContentFixture());
    const store = await PostgresStore.open(databaseUrl(), { seed: snapshot });
    const reference = createMemoryStore(snapshot);
    try {
      for (const bug of await everyBug(reference)) {
        const actual = await store.bugById(bug.id);
        expect(actual && { ...actual, cc: [...actual.cc].sort() }).toEqual({ ...bug, cc: [...bug.cc].sort() });
        expect(await store.commentsOf(bug.id)).toEqual(await reference.commentsOf(bug.id));
        expect(await store.historyOf(bug.id)).toEqual(await reference.historyOf(bug.id));
      }
      const comment = (await reference.commentsOf(1))[0];
      if (comment) expect(await store.commentById(comment.id)).toEqual(comment);
      const exported = await owned(store).snapshot();
      const expected = await owned(reference).snapshot();
      expect(exported.comments).toEqual(expected.comments);
      expect(exported.bugs.map((b) => ({ ...b, cc_ids: [...b.cc_ids].sort() }))).toEqual(
        expected.bugs.map((b) => ({ ...b, cc_ids: [...b.cc_ids].sort() })),
      );
      expect(exported.users).toEqual(expected.users);
      expect(exported.instance).toEqual(expected.instance);
    } finally {
      await store.close();
    }
  });
});
