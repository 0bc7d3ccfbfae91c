import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { httpClient } from '../../testing/http.js';
import { type BzServer, startServer } from '../../testing/test-server.js';

type Visit = { id: number; last_visit_ts: string | null };

const running: BzServer[] = [];
async function start(...args: Parameters<typeof startServer>): Promise<BzServer> {
  const bz = await startServer(...args);
  running.push(bz);
  return bz;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((bz) => bz.stop()));
});

const withVisits = () => ({
  ...standardFixture(),
  last_visits: [
    { user: 'bob@example.com', bug_id: 1, last_visit_ts: '2026-01-01T00:00:00Z' },
    { user: 'bob@example.com', bug_id: 6, last_visit_ts: '2026-01-02T00:00:00Z' },
  ],
});

async function recent(bz: BzServer, key: string): Promise<Visit[]> {
  const response = await httpClient(bz.url)('/rest/bug_user_last_visit', { key });
  expect(response.status).toBe(200);
  return (await response.json()) as Visit[];
}

async function visit(bz: BzServer, key: string, bug: number): Promise<Visit[]> {
  const response = await httpClient(bz.url)(`/rest/bug_user_last_visit/${bug}`, { method: 'POST', key });
  expect(response.status).toBe(200);
  return (await response.json()) as Visit[];
}

async function time(bz: BzServer): Promise<{ db_time: string; web_time: string }> {
  return (await (await fetch(`${bz.url}rest/time`)).json()) as { db_time: string; web_time: string };
}

async function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('startServer', () => {
  it('serves demo data on a free loopback port at a url ending in /', async () => {
    const bz = await start();
    expect(bz.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await (await fetch(`${bz.url}rest/version`)).json()).toEqual({ version: '5.2' });
    const admin = bz.apiKey('admin@example.com');
    expect((await recent(bz, admin)).length).toBeGreaterThan(0);
  });

  it('stop() frees the port, and a second stop() does nothing', async () => {
    const bz = await startServer({ fixture: standardFixture() });
    const port = Number(new URL(bz.url).port);
    expect(await portIsFree(port)).toBe(false);
    await bz.stop();
    expect(await portIsFree(port)).toBe(true);
    await expect(bz.stop()).resolves.toBeUndefined();
    await expect(fetch(`${bz.url}rest/version`)).rejects.toThrow();
  });

  it('apiKey gives the fixture first live key, and throws for an unknown login', async () => {
    const bz = await start({ fixture: standardFixture() });
    expect(bz.apiKey('bob@example.com')).toBe(KEYS.bob);
    expect(bz.apiKey('Alice@Example.com')).toBe(KEYS.alice);
    expect(() => bz.apiKey('ghost@example.com')).toThrow(/no user "ghost@example.com"/);
    expect(() => bz.apiKey('gone@example.com')).not.toThrow();
  });

  it('reads a fixture from a path, and names the file when it is bad', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'good.json'), JSON.stringify(standardFixture()));
    await writeFile(join(dir, 'bad.json'), JSON.stringify({ users: [{ login: '' }] }));
    const bz = await start({ fixture: join(dir, 'good.json') });
    expect(bz.apiKey('bob@example.com')).toBe(KEYS.bob);
    await expect(startServer({ fixture: join(dir, 'bad.json') })).rejects.toThrow(
      `fixture ${join(dir, 'bad.json')}: users[0].login: must be a non-empty login`,
    );
    await expect(startServer({ fixture: join(dir, 'missing.json') })).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });

  it('runs several servers in one process without shared state', async () => {
    const [one, two] = await Promise.all([
      start({ fixture: standardFixture(), clock: '2026-01-01T00:00:00Z' }),
      start({ fixture: standardFixture(), clock: '2030-06-01T00:00:00Z' }),
    ]);
    await visit(one, KEYS.bob, 1);
    one.fault({ path: '/rest/version', status: 503 });
    expect(await recent(one, KEYS.bob)).toEqual([{ id: 1, last_visit_ts: '2026-01-01T00:00:00Z' }]);
    expect(await recent(two, KEYS.bob)).toEqual([]);
    expect((await fetch(`${one.url}rest/version`)).status).toBe(503);
    expect((await fetch(`${two.url}rest/version`)).status).toBe(200);
    expect((await time(two)).web_time).toBe('2030-06-01T00:00:00Z');
    expect(one.requests().map((r) => r.path)).toEqual([
      '/rest/bug_user_last_visit/1',
      '/rest/bug_user_last_visit',
      '/rest/version',
    ]);
    expect(two.requests().map((r) => r.path)).toEqual(['/rest/bug_user_last_visit', '/rest/version', '/rest/time']);
  });
});

describe('reset', () => {
  it('restores the visits exactly, and removes faults, the journal and clock changes', async () => {
    const bz = await start({ fixture: withVisits(), clock: '2026-03-01T00:00:00Z' });
    const before = await recent(bz, KEYS.bob);
    expect(before).toEqual([
      { id: 6, last_visit_ts: '2026-01-02T00:00:00Z' },
      { id: 1, last_visit_ts: '2026-01-01T00:00:00Z' },
    ]);
    bz.clock.advance(3600);
    await visit(bz, KEYS.bob, 1);
    await visit(bz, KEYS.carol, 6);
    bz.fault({ path: '/rest/version', status: 500 });
    await bz.reset();
    expect(bz.requests()).toEqual([]);
    expect(await recent(bz, KEYS.bob)).toEqual(before);
    expect(await recent(bz, KEYS.carol)).toEqual([]);
    expect((await fetch(`${bz.url}rest/version`)).status).toBe(200);
    expect(bz.clock.state()).toEqual({ now: '2026-03-01T00:00:00Z', frozen: true, db_time_offset_seconds: 0 });
    expect(bz.requests().map((r) => r.n)).toEqual([4, 5, 6]);
  });

  it('loads another fixture, whose keys apiKey then gives; reset() goes back to the first', async () => {
    const bz = await start({ fixture: standardFixture() });
    await bz.reset({ users: [{ login: 'new@example.com', api_keys: ['NewKey'] }], bugs: [{ id: 42 }] });
    expect(bz.apiKey('new@example.com')).toBe('NewKey');
    expect(() => bz.apiKey('bob@example.com')).toThrow();
    expect(await visit(bz, 'NewKey', 42)).toHaveLength(1);
    expect((await httpClient(bz.url)('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.bob })).status).toBe(
      400,
    );
    await bz.reset();
    expect(bz.apiKey('bob@example.com')).toBe(KEYS.bob);
    expect((await httpClient(bz.url)('/rest/bug_user_last_visit', { key: 'NewKey' })).status).toBe(400);
  });

  it('refuses an invalid fixture, naming the problem, and changes nothing', async () => {
    const bz = await start({ fixture: withVisits() });
    await visit(bz, KEYS.bob, 2 + 4);
    const before = await recent(bz, KEYS.bob);
    await expect(bz.reset({ bugs: [{ id: 1, reporter: 'ghost@example.com' }] })).rejects.toThrow(
      'bugs[0].reporter: unknown user "ghost@example.com"',
    );
    expect(await recent(bz, KEYS.bob)).toEqual(before);
    expect(bz.apiKey('bob@example.com')).toBe(KEYS.bob);
  });

  it('is durable with a data file, which a new server then opens as it was', async () => {
    const dataFile = join(await tempDir(), 'data.json');
    const first = await startServer({ fixture: withVisits(), dataFile, clock: '2026-05-01T00:00:00Z' });
    await visit(first, KEYS.carol, 1);
    await first.reset({ ...withVisits(), last_visits: [] });
    await visit(first, KEYS.alice, 2);
    await first.stop();
    const second = await start({ fixture: standardFixture(), dataFile });
    expect(await recent(second, KEYS.bob)).toEqual([]);
    expect(await recent(second, KEYS.carol)).toEqual([]);
    expect(await recent(second, KEYS.alice)).toEqual([{ id: 2, last_visit_ts: '2026-05-01T00:00:00Z' }]);
  });
});

describe('the clock', () => {
  it('drives /rest/time and visit timestamps: set, advance, freeze, resume, database offset', async () => {
    const bz = await start({ fixture: standardFixture(), clock: '2026-01-01T00:00:00Z' });
    expect(await time(bz)).toMatchObject({ db_time: '2026-01-01T00:00:00Z', web_time: '2026-01-01T00:00:00Z' });
    expect(await visit(bz, KEYS.bob, 1)).toEqual([{ id: 1, last_visit_ts: '2026-01-01T00:00:00Z' }]);
    bz.clock.advance(90);
    expect(await visit(bz, KEYS.bob, 1)).toEqual([{ id: 1, last_visit_ts: '2026-01-01T00:01:30Z' }]);
    bz.clock.set('2027-02-03T04:05:06Z');
    expect((await time(bz)).web_time).toBe('2027-02-03T04:05:06Z');
    bz.clock.setDbTimeOffset(120);
    expect(await time(bz)).toMatchObject({ db_time: '2027-02-03T04:07:06Z', web_time: '2027-02-03T04:05:06Z' });
    expect(await visit(bz, KEYS.bob, 6)).toEqual([{ id: 6, last_visit_ts: '2027-02-03T04:07:06Z' }]);
    expect(bz.clock.resume()).toMatchObject({ frozen: false });
    const running = Date.parse(bz.clock.state().now);
    expect(running).toBeGreaterThanOrEqual(Date.parse('2027-02-03T04:05:06Z'));
    expect(running).toBeLessThan(Date.parse('2027-02-03T05:05:06Z'));
    expect(bz.clock.freeze().frozen).toBe(true);
    bz.clock.set(null);
    expect(bz.clock.state().frozen).toBe(false);
    expect(Math.abs(Date.parse(bz.clock.state().now) - Date.now())).toBeLessThan(60_000);
    expect(() => bz.clock.set('yesterday')).toThrow(/must be an ISO 8601 instant/);
    expect(() => bz.clock.advance(-1)).toThrow(/seconds: must be 0 or more/);
  });

  it('drives retention: visits older than last_visit_keep_days by the clock go', async () => {
    const fixture = {
      ...withVisits(),
      instance: { parameters: { last_visit_keep_days: '10' } },
    };
    const bz = await start({ fixture, clock: '2026-01-05T00:00:00Z' });
    expect(await bz.runRetention()).toBe(0);
    bz.clock.advance(7 * 86_400 - 3600); // 2026-01-11T23:00Z: the cut-off is 2026-01-01T23:00Z
    expect(await bz.runRetention()).toBe(1);
    expect(await recent(bz, KEYS.bob)).toEqual([{ id: 6, last_visit_ts: '2026-01-02T00:00:00Z' }]);
  });

  it('starts pruning by the clock it was given', async () => {
    const fixture = { ...withVisits(), instance: { parameters: { last_visit_keep_days: '10' } } };
    const bz = await start({ fixture, clock: '2026-01-11T12:00:00Z' });
    expect(await recent(bz, KEYS.bob)).toEqual([{ id: 6, last_visit_ts: '2026-01-02T00:00:00Z' }]);
  });
});
