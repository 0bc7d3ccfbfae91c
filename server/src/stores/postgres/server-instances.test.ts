import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type RunningServer, runCli, serveCli, tempDir } from '../../../testing/cli-server.js';
import { httpClient } from '../../../testing/http.js';
import {
  describeWithOwnCluster,
  describeWithPostgres,
  startOwnCluster,
  useFreshDatabase,
} from '../../../testing/postgres-test-database.js';

const INSTANCES = 3;
const WRITERS = 12;
const POSTS_PER_WRITER = 25;
const BUGS = 10;

const keyOf = (user: number) => `Writer${String(user).padStart(2, '0')}Key3456789abcdefghijklmnopqrstu`;
/** Writer w posts as user (w % 4) + 1: several writers share a user, so they write the same rows at once. */
const USERS = 4;
const fixture = {
  users: Array.from({ length: USERS }, (_, i) => ({ login: `user${i + 1}@example.com`, api_keys: [keyOf(i + 1)] })),
  bugs: Array.from({ length: BUGS }, (_, i) => ({ id: i + 1 })),
};

/** Imports the fixture into the database with the CLI, as an operator would. */
async function importInto(databaseUrl: string, data: unknown = fixture): Promise<void> {
  const fixturePath = join(await tempDir(), 'fixture.json');
  await writeFile(fixturePath, JSON.stringify(data));
  const imported = await runCli(['import', fixturePath, '--database', databaseUrl]);
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
}

type Visit = { id: number; last_visit_ts: string | null };

describeWithPostgres('three server processes on one database (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    await importInto(databaseUrl());
    servers = await Promise.all(Array.from({ length: INSTANCES }, () => serveCli(databaseUrl())));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('lose no acknowledged visit under concurrent writers, and every instance reads every write', async () => {
    /** Per (user, bug): the timestamps the servers acknowledged. The row must hold one of them. */
    const acknowledged = new Map<string, Set<string>>();
    const writer = async (w: number) => {
      const user = (w % USERS) + 1;
      for (let i = 0; i < POSTS_PER_WRITER; i++) {
        // Spread over the instances as a load balancer would, round robin per writer.
        const server = servers[(w + i) % INSTANCES] as RunningServer;
        const bugs = [((w * 7 + i * 3) % BUGS) + 1, ((w + i * 5) % BUGS) + 1];
        const response = await httpClient(server.url)('/rest/bug_user_last_visit', {
          method: 'POST',
          key: keyOf(user),
          json: { ids: bugs },
        });
        expect(response.status).toBe(200);
        for (const visit of (await response.json()) as Visit[]) {
          const key = `${user}/${visit.id}`;
          acknowledged.set(key, (acknowledged.get(key) ?? new Set()).add(visit.last_visit_ts as string));
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    expect(acknowledged.size).toBeGreaterThan(USERS);

    for (const server of servers) {
      for (let user = 1; user <= USERS; user++) {
        const ids = Array.from({ length: BUGS }, (_, i) => `ids=${i + 1}`).join('&');
        const response = await httpClient(server.url)(`/rest/bug_user_last_visit?${ids}`, { key: keyOf(user) });
        expect(response.status).toBe(200);
        for (const visit of (await response.json()) as Visit[]) {
          const written = acknowledged.get(`${user}/${visit.id}`);
          if (written === undefined) expect(visit.last_visit_ts).toBeNull();
          else expect([...written]).toContain(visit.last_visit_ts);
        }
      }
    }
  });
});

describeWithPostgres('password lock-outs across server processes on one database (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  const PASSWORD = 'user1-secret-pw';
  const login = (server: RunningServer, password: string) =>
    httpClient(server.url)(`/rest/login?login=user1@example.com&password=${password}`);
  const expectLockedOut = async (response: Response) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 32000, message: expect.stringContaining('locked out') });
  };
  /** Five wrong passwords through `server`: the fifth locks the address out (5.2's MAX_LOGIN_ATTEMPTS). */
  const failFiveTimes = async (server: RunningServer) => {
    for (let i = 0; i < 4; i++) expect((await login(server, 'wrong')).status).toBe(401);
    await expectLockedOut(await login(server, 'wrong'));
  };

  // A fresh import before each case: it replaces everything, failures included.
  beforeEach(() =>
    importInto(databaseUrl(), {
      ...fixture,
      users: fixture.users.map((user, i) => (i === 0 ? { ...user, password: PASSWORD } : user)),
    }),
  );

  it('locks the address out through every instance, not only the one the failures went through', async () => {
    const [first, second] = await Promise.all([serveCli(databaseUrl()), serveCli(databaseUrl())]);
    try {
      await failFiveTimes(first);
      await expectLockedOut(await login(second, PASSWORD));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('keeps the lock-out over a restart', async () => {
    const before = await serveCli(databaseUrl());
    await failFiveTimes(before);
    await before.stop();
    const after = await serveCli(databaseUrl());
    try {
      await expectLockedOut(await login(after, PASSWORD));
    } finally {
      await after.stop();
    }
  });
});

describeWithPostgres('the CLI on a database (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it('adds a user with user add --database whose key a running serve accepts at once, and refuses a taken login', async () => {
    await importInto(databaseUrl());
    const server = await serveCli(databaseUrl());
    try {
      const added = await runCli(['user', 'add', 'new@example.com', '--group', 'fresh', '--database', databaseUrl()]);
      expect(added.code).toBe(0);
      const key = added.stdout.trim();
      const response = await httpClient(server.url)('/rest/bug_user_last_visit/1', { method: 'POST', key });
      expect(response.status).toBe(200);
      const again = await runCli(['user', 'add', 'NEW@example.com', '--database', databaseUrl()]);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe('bz-companion: user NEW@example.com already exists');
    } finally {
      await server.stop();
    }
  });
});

describeWithOwnCluster('a server process while its database stops and starts (PostgreSQL)', () => {
  let cluster: Awaited<ReturnType<typeof startOwnCluster>>;
  let server: RunningServer;

  beforeAll(async () => {
    cluster = await startOwnCluster();
    await importInto(cluster.url);
    server = await serveCli(cluster.url);
  });
  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('answers 503 (-32000, Retry-After) while the database is down, then serves again without a restart', async () => {
    const api = httpClient(server.url);
    const post = (bug: number) => api(`/rest/bug_user_last_visit/${bug}`, { method: 'POST', key: keyOf(1) });
    expect((await post(1)).status).toBe(200);

    await cluster.stop();
    for (const response of [await post(2), await api('/rest/bug_user_last_visit', { key: keyOf(1) })]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('1');
      expect(await response.json()).toMatchObject({ error: true, code: -32000 });
    }

    await cluster.start();
    expect((await post(3)).status).toBe(200);
    const visits = (await (await api('/rest/bug_user_last_visit', { key: keyOf(1) })).json()) as Visit[];
    // Bug 2's write was refused, so it is not there; the others are, through the same process.
    expect(visits.map((visit) => visit.id).sort()).toEqual([1, 3]);
    expect(server.process.exitCode).toBeNull();
  });
});
