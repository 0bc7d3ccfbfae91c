import { request as httpRequest } from 'node:http';
import type { Fault, RecordedRequest } from '@bz-companion/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { expectBugzillaError, httpClient } from '../../testing/http.js';
import { type BzServer, startServer } from '../../testing/test-server.js';

type Visit = { id: number; last_visit_ts: string | null };

const fixture = () => ({
  ...standardFixture(),
  instance: { ...standardFixture().instance, parameters: { last_visit_keep_days: '10' } },
  last_visits: [
    { user: 'bob@example.com', bug_id: 1, last_visit_ts: '2026-01-01T00:00:00Z' },
    { user: 'bob@example.com', bug_id: 6, last_visit_ts: '2026-01-09T00:00:00Z' },
  ],
});

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: fixture(), clock: '2026-01-10T00:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

/** An admin call: JSON in (a string is sent as it is), status and JSON out. */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer of a different admin endpoint.
async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${bz.url}__admin/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  return { status: response.status, json: JSON.parse(text) };
}

const recent = async (key: string = KEYS.bob) =>
  (await (await api('/rest/bug_user_last_visit', { key })).json()) as Visit[];
const journal = async (since?: number) =>
  (await admin('GET', `requests${since === undefined ? '' : `?since=${since}`}`)).json.requests as RecordedRequest[];

describe('POST /__admin/reset', () => {
  it('with no body, goes back to the starting data', async () => {
    const before = await recent();
    await api('/rest/bug_user_last_visit/2', { method: 'POST', key: KEYS.alice });
    await api('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.bob });
    expect(await admin('POST', 'reset')).toEqual({ status: 200, json: { reset: true } });
    expect(await recent()).toEqual(before);
    expect(await recent(KEYS.alice)).toEqual([]);
  });

  it('with a fixture, replaces everything with it', async () => {
    const other = { users: [{ login: 'zed@example.com', api_keys: ['ZedKey'] }], bugs: [{ id: 77 }] };
    expect(await admin('POST', 'reset', other)).toEqual({ status: 200, json: { reset: true } });
    expect((await api('/rest/bug_user_last_visit', { key: KEYS.bob })).status).toBe(400);
    expect((await api('/rest/bug_user_last_visit/77', { method: 'POST', key: 'ZedKey' })).status).toBe(200);
    expect(bz.apiKey('zed@example.com')).toBe('ZedKey');
  });

  it('refuses an invalid fixture with 400 naming the problem, and changes nothing', async () => {
    await api('/rest/bug_user_last_visit/2', { method: 'POST', key: KEYS.alice });
    const before = [await recent(), await recent(KEYS.alice)];
    for (const [body, message] of [
      [{ users: [{ login: 'a@example.com', colour: 'red' }] }, 'fixture: users[0] has unknown key "colour"'],
      [
        { bugs: [{ id: 1, groups: ['nope'] }] },
        'fixture: bugs[0].groups[0]: unknown group "nope" (declare it in "groups")',
      ],
      ['[1, 2]', /^fixture: /],
      ['{"users": [', /^the request body is not valid JSON/],
    ] as const) {
      const { status, json } = await admin('POST', 'reset', body);
      expect(status).toBe(400);
      expect(json.error).toBe(true);
      if (typeof message === 'string') expect(json.message).toBe(message);
      else expect(json.message).toMatch(message);
    }
    expect([await recent(), await recent(KEYS.alice)]).toEqual(before);
  });
});

describe('the request journal', () => {
  it('records what was sent, oldest first, with status, user, query and body; never admin requests', async () => {
    await api('/rest/version?x=1&x=2');
    await api('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.bob, json: { ids: [1, 'myalias'] } });
    await api('/rest/bug_user_last_visit/1', { key: 'wrong-key' });
    await admin('GET', 'clock');
    const entries = await journal();
    const first = entries[0]?.n as number;
    expect(entries.map(({ n, method, path, status, user }) => ({ n, method, path, status, user }))).toEqual([
      { n: first, method: 'GET', path: '/rest/version', status: 200, user: null },
      { n: first + 1, method: 'POST', path: '/rest/bug_user_last_visit', status: 200, user: 'bob@example.com' },
      { n: first + 2, method: 'GET', path: '/rest/bug_user_last_visit/1', status: 400, user: null },
    ]);
    expect(entries[0]).toMatchObject({ at: '2026-01-10T00:00:00Z', query: { x: ['1', '2'] }, body: null });
    expect(entries[1]).toMatchObject({ body: { ids: [1, 'myalias'] }, body_truncated: false });
    expect(entries[1]?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(entries[1]?.headers['content-type']).toBe('application/json');
  });

  it('redacts API keys, tokens and passwords in headers, query and body', async () => {
    const secrets = ['HeaderSecret1', 'BearerSecret2', 'QuerySecret3', 'BodySecret4', 'TokenSecret5', 'Password6'];
    await api(`/rest/bug_user_last_visit/1?Bugzilla_api_key=${secrets[2]}&Bugzilla_token=${secrets[4]}&ids=2`, {
      key: secrets[0],
      headers: { Authorization: `Bearer ${secrets[1]}`, 'X-BUGZILLA-PASSWORD': secrets[5] as string },
    });
    await api('/rest/bug_user_last_visit', {
      method: 'POST',
      json: { ids: [1], api_key: secrets[3], nested: { Bugzilla_password: secrets[5] } },
    });
    await api('/rest/bug_user_last_visit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `ids=1&Bugzilla_api_key=${secrets[3]}&token=${secrets[4]}`,
    });
    const entries = await journal();
    const text = JSON.stringify(entries);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(entries[0]?.headers).toMatchObject({
      'x-bugzilla-api-key': '[REDACTED]',
      authorization: '[REDACTED]',
      'x-bugzilla-password': '[REDACTED]',
    });
    expect(entries[0]?.query).toEqual({ Bugzilla_api_key: ['[REDACTED]'], Bugzilla_token: ['[REDACTED]'], ids: ['2'] });
    expect(entries[1]?.body).toEqual({ ids: [1], api_key: '[REDACTED]', nested: { Bugzilla_password: '[REDACTED]' } });
    expect(entries[2]?.body).toEqual({ ids: '1', Bugzilla_api_key: '[REDACTED]', token: '[REDACTED]' });
  });

  it('redacts credentials inside JSON in the query: JSON-RPC over GET', async () => {
    const params = JSON.stringify([
      { ids: [1], Bugzilla_api_key: 'RpcKeySecret7', nested: { Bugzilla_password: 'Pw8' } },
    ]);
    await fetch(`${bz.url}jsonrpc.cgi?method=Bug.get&params=${encodeURIComponent(params)}`);
    const [entry] = await journal();
    const text = JSON.stringify(entry);
    expect(text).not.toContain('RpcKeySecret7');
    expect(text).not.toContain('Pw8');
    expect(JSON.parse(entry?.query.params?.[0] as string)).toEqual([
      { ids: [1], Bugzilla_api_key: '[REDACTED]', nested: { Bugzilla_password: '[REDACTED]' } },
    ]);
  });

  it('cuts bodies over 4 KiB and says so', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    await api('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.bob, json: { ids } });
    const [entry] = await journal();
    expect(entry?.body_truncated).toBe(true);
    expect(typeof entry?.body).toBe('string');
    expect(entry?.body as string).toMatch(/^\{"ids":\[1,2,3,/);
    expect(entry?.body as string).toMatch(/… \(cut at 4 KiB of \d+ bytes\)$/);
  });

  it('gives the requests after ?since=N, and DELETE empties it while n keeps counting', async () => {
    for (let i = 0; i < 3; i++) await api('/rest/version');
    const last = (await journal()).at(-1)?.n as number;
    expect((await journal(last - 1)).map((r) => r.n)).toEqual([last]);
    expect(await journal(last)).toEqual([]);
    expect(await admin('DELETE', 'requests')).toEqual({ status: 200, json: { cleared: 3 } });
    expect(await journal()).toEqual([]);
    await api('/rest/timezone');
    expect((await journal()).map((r) => r.n)).toEqual([last + 1]);
    const { status, json } = await admin('GET', 'requests?since=yesterday');
    expect(status).toBe(400);
    expect(json.message).toMatch(/^since: /);
  });
});

describe('faults', () => {
  it('answers a status with a Bugzilla envelope, `times` times, before authentication, changing nothing', async () => {
    const created = await admin('POST', 'faults', {
      method: 'post',
      path: '/rest/bug_user_last_visit/1',
      status: 503,
      times: 2,
    });
    expect(created).toEqual({
      status: 201,
      json: {
        id: expect.stringMatching(/^f\d+$/),
        method: 'POST',
        path: '/rest/bug_user_last_visit/1',
        status: 503,
        times: 2,
        matched: 0,
      },
    });
    const before = await recent();
    // A GET to the same path, and a POST elsewhere, are not matched.
    expect((await api('/rest/bug_user_last_visit/1', { key: KEYS.bob })).status).toBe(200);
    const first = await api('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.bob });
    await expectBugzillaError(first, 503, -32000, /fault f\d+ injected/);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    // Before authentication: even a bad key gets the fault.
    await expectBugzillaError(await api('/rest/bug_user_last_visit/1', { method: 'POST', key: 'bad' }), 503, -32000);
    expect(await recent()).toEqual(before);
    expect((await admin('GET', 'faults')).json).toEqual({ faults: [] });
    // What the refused requests carried is in the journal all the same.
    await admin('POST', 'faults', { path: '/rest/bug_user_last_visit', status: 502, times: 1 });
    await api('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.bob, json: { ids: [6] } });
    expect((await journal()).at(-1)).toMatchObject({ status: 502, user: null, body: { ids: [6] } });
    expect((await api('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.bob })).status).toBe(200);
  });

  it('answers a given body; matches a path prefix; tries rules oldest first', async () => {
    const first = (await admin('POST', 'faults', { path_prefix: '/rest/', status: 418, body: { teapot: true } })).json;
    await admin('POST', 'faults', { path: '/rest/version', status: 500 });
    const response = await api('/rest/version');
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ teapot: true });
    expect((await api('/show_bug.cgi?id=1')).status).toBe(200);
    expect((await admin('GET', 'faults')).json.faults.map((f: Fault) => [f.id, f.matched])).toEqual([
      [first.id, 1],
      [expect.any(String), 0],
    ]);
    expect(await admin('DELETE', `faults/${first.id}`)).toEqual({ status: 200, json: { deleted: first.id } });
    expect((await api('/rest/version')).status).toBe(500);
    expect(await admin('DELETE', `faults/${first.id}`)).toEqual({
      status: 404,
      json: { error: true, message: `no fault with id "${first.id}"` },
    });
    expect(await admin('DELETE', 'faults')).toEqual({ status: 200, json: { cleared: 1 } });
    expect((await api('/rest/version')).status).toBe(200);
  });

  it('delays, then answers normally (and the write happens)', async () => {
    await admin('POST', 'faults', { path: '/rest/bug_user_last_visit/2', delay_ms: 50, times: 1 });
    const response = await api('/rest/bug_user_last_visit/2', { method: 'POST', key: KEYS.alice });
    expect(response.status).toBe(200);
    expect(await recent(KEYS.alice)).toEqual([{ id: 2, last_visit_ts: '2026-01-10T00:00:00Z' }]);
  });

  it('resets the connection: the client gets a connection error and nothing changes', async () => {
    await admin('POST', 'faults', { path: '/rest/bug_user_last_visit/2', reset: true, times: 1 });
    const error = await api('/rest/bug_user_last_visit/2', { method: 'POST', key: KEYS.alice }).catch((e) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNRESET');
    expect(await recent(KEYS.alice)).toEqual([]);
    const [entry] = await journal();
    expect(entry).toMatchObject({ path: '/rest/bug_user_last_visit/2', status: null });
  });

  it('hangs: the client times out, and the request is in the journal without an answer', async () => {
    await admin('POST', 'faults', { path: '/rest/time', hang: true, times: 1 });
    const timedOut = await new Promise<string>((resolve) => {
      const request = httpRequest(`${bz.url}rest/time`, { timeout: 300 }, () => resolve('answered'));
      request.on('timeout', () => {
        request.destroy();
        resolve('timeout');
      });
      request.on('error', () => {});
      request.end();
    });
    expect(timedOut).toBe('timeout');
    expect(await journal()).toEqual([expect.objectContaining({ path: '/rest/time', status: null })]);
    expect((await api('/rest/time')).status).toBe(200);
  });

  it('refuses invalid rules with 400 naming the problem, and adds nothing', async () => {
    for (const [rule, message] of [
      [{ path: '/rest/version' }, 'fault: needs one of "status", "delay_ms", "reset" or "hang"'],
      [
        { status: 503, reset: true },
        'fault: takes one of "status", "delay_ms", "reset" or "hang", not "status" and "reset"',
      ],
      [{ status: 99 }, 'fault.status: must be from 200 to 599'],
      [{ status: 503, times: 0 }, 'fault.times: must be at least 1'],
      [{ status: 503, path: 'rest/version' }, 'fault.path: must start with "/"'],
      [{ status: 503, path: '/a', path_prefix: '/b' }, 'fault: takes "path" or "path_prefix", not both'],
      [{ delay_ms: 10, body: {} }, 'fault.body: is only for a "status" fault'],
      [{ status: 503, colour: 'red' }, 'fault: unknown key "colour"'],
      [{ hang: false }, 'fault.hang: must be true'],
    ] as const) {
      expect(await admin('POST', 'faults', rule)).toEqual({ status: 400, json: { error: true, message } });
    }
    expect((await admin('GET', 'faults')).json).toEqual({ faults: [] });
  });
});

describe('the clock', () => {
  it('shows, sets, freezes, runs and advances, and offsets the database', async () => {
    expect(await admin('GET', 'clock')).toEqual({
      status: 200,
      json: { now: '2026-01-10T00:00:00Z', frozen: true, db_time_offset_seconds: 0 },
    });
    expect((await admin('PUT', 'clock', { now: '2026-02-01T00:00:00Z', db_time_offset_seconds: -30 })).json).toEqual({
      now: '2026-02-01T00:00:00Z',
      frozen: true,
      db_time_offset_seconds: -30,
    });
    expect(await (await api('/rest/time')).json()).toMatchObject({
      web_time: '2026-02-01T00:00:00Z',
      db_time: '2026-01-31T23:59:30Z',
    });
    expect((await admin('POST', 'clock/advance', { seconds: 3600 })).json.now).toBe('2026-02-01T01:00:00Z');
    const running = (await admin('PUT', 'clock', { frozen: false })).json;
    expect(running.frozen).toBe(false);
    expect(Date.parse(running.now)).toBeGreaterThanOrEqual(Date.parse('2026-02-01T01:00:00Z'));
    const system = (await admin('PUT', 'clock', { now: null })).json;
    expect(Math.abs(Date.parse(system.now) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses bad input with 400 and leaves the clock as it was', async () => {
    for (const [method, path, body, message] of [
      ['PUT', 'clock', { now: 'tomorrow' }, /^clock\.now: must be an ISO 8601 instant/],
      ['PUT', 'clock', { frozen: 'yes' }, /^clock\.frozen: /],
      ['PUT', 'clock', { db_time_offset_seconds: 1.5 }, /^clock\.db_time_offset_seconds: must be a whole number/],
      ['PUT', 'clock', { speed: 2 }, 'clock: unknown key "speed"'],
      ['POST', 'clock/advance', { seconds: -5 }, 'clock advance.seconds: must be 0 or more'],
      ['POST', 'clock/advance', {}, /^clock advance\.seconds: /],
    ] as const) {
      const { status, json } = await admin(method, path, body);
      expect(status).toBe(400);
      if (typeof message === 'string') expect(json.message).toBe(message);
      else expect(json.message).toMatch(message);
    }
    expect((await admin('GET', 'clock')).json).toEqual({
      now: '2026-01-10T00:00:00Z',
      frozen: true,
      db_time_offset_seconds: 0,
    });
  });
});

describe('POST /__admin/retention', () => {
  it('removes the visits older than last_visit_keep_days by the server clock', async () => {
    expect(await admin('POST', 'retention')).toEqual({ status: 200, json: { removed: 0 } });
    await admin('PUT', 'clock', { now: '2026-01-12T00:00:00Z' });
    expect(await admin('POST', 'retention')).toEqual({ status: 200, json: { removed: 1 } });
    expect(await recent()).toEqual([{ id: 6, last_visit_ts: '2026-01-09T00:00:00Z' }]);
  });
});

describe('unknown admin paths', () => {
  it('answer 404 in the admin shape', async () => {
    expect(await admin('GET', 'nothing')).toEqual({
      status: 404,
      json: { error: true, message: 'no admin endpoint GET /__admin/nothing' },
    });
    expect((await admin('PATCH', 'clock')).status).toBe(404);
  });

  it('pass the same Host check as the API', async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${bz.url}__admin/clock`, { headers: { Host: 'evil.test' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(refused).toBe(403);
  });
});

describe('the admin API and web pages (CSRF)', () => {
  const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${bz.url}__admin/${path}`, { method, headers, body: body ?? null });
  const attack = JSON.stringify({ users: [{ login: 'attacker@evil.example' }] });

  it("refuses another site's page: a text/plain reset, a fault, the journal; nothing changes", async () => {
    const before = await recent();
    const evil = { Origin: 'http://evil.example', 'Content-Type': 'text/plain' };
    expect((await raw('POST', 'reset', evil, attack)).status).toBe(403);
    expect((await raw('POST', 'faults', evil, JSON.stringify({ status: 503 }))).status).toBe(403);
    const read = await raw('GET', 'requests', { Origin: 'http://evil.example' });
    expect(read.status).toBe(403);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const crossSite = await raw('POST', 'reset', { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await recent()).toEqual(before);
    expect((await admin('GET', 'faults')).json.faults).toEqual([]);
  });

  it('needs a body to be declared JSON, so a browser must preflight (and none is answered)', async () => {
    const before = await recent();
    const plain = await raw('POST', 'reset', { 'Content-Type': 'text/plain' }, attack);
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as { message: string }).message).toMatch(/application\/json/);
    expect((await raw('POST', 'reset', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1')).status).toBe(
      415,
    );
    expect(await recent()).toEqual(before);
    const preflight = await raw('OPTIONS', 'reset', {
      Origin: 'http://localhost:9999',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('sends no CORS header on any admin answer; test clients (no Origin) keep working, a bodiless reset too', async () => {
    const journalRead = await raw('GET', 'requests', {});
    expect(journalRead.status).toBe(200);
    expect(journalRead.headers.get('access-control-allow-origin')).toBeNull();
    expect((await raw('POST', 'reset', {})).status).toBe(200);
    expect((await raw('POST', 'reset', { Origin: bz.url.replace(/\/$/, '') })).status).toBe(200);
    // The API itself stays open to any page (it is authenticated by what each request carries).
    expect((await api('/rest/version')).headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the journal and a deeply nested body', () => {
  it('refuses it without writing (no method reads that deep), and journals the body cut at a depth', async () => {
    let deep = '{"leaf":1}';
    for (let i = 0; i < 3000; i++) deep = `{"next":${deep}}`;
    const response = await api('/rest/bug_user_last_visit/3', {
      method: 'POST',
      key: KEYS.bob,
      body: `{"extra":${deep}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    await expectBugzillaError(response, 400, 32000, /nests more than 32 levels/);
    const stored = await (await api('/rest/bug_user_last_visit/3', { key: KEYS.bob })).json();
    expect(stored).toEqual([{ id: 3, last_visit_ts: null }]);
    const [last] = (await journal()).slice(-2);
    expect(JSON.stringify(last?.body)).toContain('nested deeper than');
  });
});
