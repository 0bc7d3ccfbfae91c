import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordingState } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { fixtureFromRecordings } from '../import/recordings/fixture-from-recordings.js';
import { loadRecordings } from '../import/recordings/load-recordings.js';
import { methodCall } from '../webservice/rpc/xml-rpc-codec.js';
import { type BzServer, startServer } from './start-server.js';

const PASSWORD = 'correct horse battery staple';

/** The "real tracker": a companion answering as Bugzilla 5.2 does, with a user who has a password. */
function trackerFixture() {
  const fixture = standardFixture();
  const bob = fixture.users.find((user) => user.login === 'bob@example.com') as Record<string, unknown>;
  bob.password = PASSWORD;
  const first = fixture.bugs[0] as Record<string, unknown>;
  first.comments = [{ author: 'admin@example.com', time: '2026-01-01T09:00:00Z', text: 'Steps: open /login.' }];
  return fixture;
}

type Call = { path: string; method?: string; headers?: Record<string, string>; body?: string };

/** The session a client has with the tracker: REST, XML-RPC, JSON-RPC and a bug page, with credentials. */
const SESSION: Call[] = [
  { path: `rest/bug/1?include_fields=id&include_fields=summary&Bugzilla_api_key=${KEYS.bob}` },
  { path: 'rest/bug_user_last_visit/6', method: 'POST', body: JSON.stringify({ Bugzilla_api_key: KEYS.bob }) },
  { path: `rest/bug_user_last_visit/6?Bugzilla_api_key=${KEYS.bob}` },
  { path: `rest/login?login=bob@example.com&password=${encodeURIComponent(PASSWORD)}` },
  {
    path: 'xmlrpc.cgi',
    method: 'POST',
    headers: { 'Content-Type': 'text/xml' },
    body: methodCall('Bug.get', { ids: [1, 6], Bugzilla_api_key: KEYS.bob }),
  },
  {
    path: 'jsonrpc.cgi',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method: 'Bug.comments', params: [{ ids: [1], Bugzilla_api_key: KEYS.bob }], id: 7 }),
  },
  { path: 'show_bug.cgi?id=1' },
];

async function send(server: BzServer, call: Call): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${server.url}${call.path}`, {
    method: call.method ?? 'GET',
    headers: call.headers ?? (call.body ? { 'Content-Type': 'application/json' } : {}),
    body: call.body ?? null,
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

let dir: string;
let tracker: BzServer;
let proxy: BzServer;
const live: Array<Awaited<ReturnType<typeof send>>> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bzc-recordings-'));
  tracker = await startServer({ fixture: trackerFixture(), profile: 'bugzilla-5.2', clock: '2026-01-10T00:00:00Z' });
  proxy = await startServer({ proxy: tracker.url, record: dir });
  for (const call of SESSION) live.push(await send(proxy, call));
  await tracker.stop();
});
afterAll(async () => {
  await proxy.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('serve --proxy URL --record DIR', () => {
  it("answers with the tracker's answers", () => {
    expect(live.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(JSON.parse(live[0]?.text as string)).toEqual({ bugs: [{ id: 1, summary: expect.any(String) }], faults: [] });
    expect(live[3]?.text).toMatch(/"token":"\d+-/);
    expect(live[4]?.text).toContain('<methodResponse>');
    expect(live[6]?.type).toMatch(/text\/html/);
  });

  it('writes one recording per exchange, named by method and path or RPC method', () => {
    expect(readdirSync(dir).sort()).toEqual([
      '0001-GET-rest-bug-1.json',
      '0002-POST-rest-bug_user_last_visit-6.json',
      '0003-GET-rest-bug_user_last_visit-6.json',
      '0004-GET-rest-login.json',
      '0005-POST-xmlrpc-Bug.get.json',
      '0006-POST-jsonrpc-Bug.comments.json',
      '0007-GET-show_bug.cgi.json',
    ]);
    const first = JSON.parse(readFileSync(join(dir, '0001-GET-rest-bug-1.json'), 'utf8'));
    expect(first).toMatchObject({
      protocol: 'rest',
      request: {
        method: 'GET',
        path: '/rest/bug/1',
        query: { include_fields: ['id', 'summary'], Bugzilla_api_key: ['[REDACTED]'] },
      },
      response: { status: 200, headers: { 'content-type': expect.stringMatching(/json/) } },
    });
    const xmlRpc = JSON.parse(readFileSync(join(dir, '0005-POST-xmlrpc-Bug.get.json'), 'utf8'));
    expect(xmlRpc.request.body).toEqual({
      methodName: 'Bug.get',
      params: { ids: [1, 6], Bugzilla_api_key: '[REDACTED]' },
    });
  });

  it('leaves no API key, password or token in any recording', () => {
    const token = /"token":"([^"]+)"/.exec(live[3]?.text as string)?.[1] as string;
    const everything = readdirSync(dir)
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    for (const secret of [KEYS.bob, PASSWORD, encodeURIComponent(PASSWORD), token]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('"token": "[REDACTED]"');
  });
});

describe('serve --replay DIR', () => {
  let replay: BzServer;
  beforeAll(async () => {
    replay = await startServer({ replay: dir });
  });
  afterAll(() => replay.stop());

  it('gives the same answers with the tracker stopped, whatever the credential values and member order', async () => {
    const replayed = [];
    for (const call of SESSION) replayed.push(await send(replay, call));
    expect(replayed.map((answer) => answer.status)).toEqual(live.map((answer) => answer.status));
    expect(replayed[0]?.text && JSON.parse(replayed[0].text)).toEqual(JSON.parse(live[0]?.text as string));
    // Bugzilla's update_token is a form token tied to the user: removed like any other token.
    expect(replayed[4]?.text).toBe(
      live[4]?.text.replace(/(<name>update_token<\/name><value><string>)[^<]+/g, '$1[REDACTED]'),
    );
    expect(replayed[6]?.text).toBe(live[6]?.text);
    const otherKey = await send(replay, {
      path: 'jsonrpc.cgi',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 99, params: [{ Bugzilla_api_key: 'another-key', ids: [1] }], method: 'Bug.comments' }),
    });
    expect(JSON.parse(otherKey.text)).toEqual({ ...JSON.parse(live[5]?.text as string), id: 99 });
  });

  it('answers a request no recording matches with a 404 in its protocol, naming the nearest and the difference', async () => {
    const rest = await send(replay, { path: `rest/bug/2?include_fields=id&include_fields=summary&Bugzilla_api_key=x` });
    expect(rest.status).toBe(404);
    expect(JSON.parse(rest.text)).toMatchObject({
      error: true,
      code: 32614,
      message:
        'bz-companion replay: no recording for GET /rest/bug/2. Nearest: 0001-GET-rest-bug-1.json, which differs in path: recorded /rest/bug/1.',
    });
    const xml = await send(replay, {
      path: 'xmlrpc.cgi',
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: methodCall('Bug.get', { ids: [2], Bugzilla_api_key: KEYS.bob }),
    });
    // Every Bugzilla error travels in a 200 over RPC: a client reads the fault's text.
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<name>faultCode</name><value><int>32614</int>');
    expect(xml.text).toContain(
      '0005-POST-xmlrpc-Bug.get.json, which differs in body params.ids: recorded [1,6], asked [2]',
    );
    const json = await send(replay, {
      path: 'jsonrpc.cgi',
      method: 'POST',
      body: JSON.stringify({ method: 'Bug.history', params: [{ ids: [1] }], id: 3 }),
    });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ result: null, id: 3, error: { code: 32614 } });
    expect(JSON.parse(json.text).error.message).toContain('body method: recorded "Bug.comments", asked "Bug.history"');
  });
});

describe('serve --replay DIR --fallback', () => {
  it('answers what was recorded from the recordings and the rest from the store', async () => {
    const replay = await startServer({ replay: dir, fallback: true, fixture: standardFixture() });
    try {
      expect((await send(replay, SESSION[0] as Call)).text).toBe(live[0]?.text);
      const fromStore = await send(replay, { path: 'rest/bug/6?include_fields=id' });
      expect([fromStore.status, JSON.parse(fromStore.text).bugs]).toEqual([200, [{ id: 6 }]]);
      const written = await send(replay, {
        path: 'rest/bug_user_last_visit/6',
        method: 'POST',
        body: JSON.stringify({ Bugzilla_api_key: KEYS.bob }),
      });
      expect(written.status).toBe(200);
    } finally {
      await replay.stop();
    }
  });
});

describe('import --from-recordings DIR', () => {
  it('makes a fixture of the bugs, comments, users and visits the session saw, which serves the same bugs', async () => {
    const fixture = fixtureFromRecordings(loadRecordings(dir).map(({ recording }) => recording)) as {
      users: Array<{ login: string }>;
      bugs: Array<{ id: number; comments?: unknown[] }>;
      last_visits: unknown[];
    };
    expect(fixture.bugs.map((bug) => bug.id)).toEqual([1, 6]);
    expect(fixture.bugs[0]?.comments).toHaveLength(1);
    expect(fixture.users.map((user) => user.login).sort()).toEqual(['admin@example.com', 'bob@example.com']);
    expect(fixture.last_visits).toEqual([
      { user: 'bob@example.com', bug_id: 6, last_visit_ts: '2026-01-10T00:00:00Z' },
    ]);
    const double = await startServer({ fixture: fixture as never, profile: 'bugzilla-5.2' });
    try {
      const bug = await send(double, { path: 'rest/bug/1?include_fields=id&include_fields=summary' });
      expect(JSON.parse(bug.text)).toEqual(JSON.parse(live[0]?.text as string));
      const comments = await send(double, { path: 'rest/bug/1/comment?include_fields=text' });
      expect(JSON.parse(comments.text).bugs['1'].comments).toHaveLength(1);
    } finally {
      await double.stop();
    }
  });
});

describe('recording from code and over the admin API', () => {
  it('lists, stops and starts recording, and refuses (naming it) a recording still holding the key', async () => {
    const second = mkdtempSync(join(tmpdir(), 'bzc-recordings-'));
    const real = await startServer({ fixture: standardFixture() });
    const recorder = await startServer({ proxy: real.url });
    const admin = (path: string, body?: unknown) =>
      fetch(`${recorder.url}__admin/${path}`, {
        method: body === undefined && path === 'recordings' ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, json: (await response.json()) as RecordingState }));
    try {
      expect((await admin('recordings')).json).toEqual({
        recording: false,
        proxy: real.url,
        dir: null,
        written: [],
        refused: [],
      });
      expect((await admin('recordings/start', {})).status).toBe(400);
      expect((await admin('recordings/start', { dir: second })).json).toMatchObject({ recording: true, dir: second });
      await send(recorder, { path: `rest/version?api_key=${KEYS.bob}` });
      // The key is in the comment's text, where no rule can know it for one.
      await send(recorder, {
        path: 'rest/bug/1/comment',
        method: 'POST',
        body: JSON.stringify({ comment: `my key is ${KEYS.bob}`, Bugzilla_api_key: KEYS.bob }),
      });
      const state = (await admin('recordings/stop')).json;
      expect(state).toMatchObject({ recording: false, written: ['0001-GET-rest-version.json'] });
      expect(state.refused).toEqual([
        {
          file: '0002-POST-rest-bug-1-comment.json',
          reason: 'a credential the request carried (Bob…) is still in it',
        },
      ]);
      expect(readdirSync(second)).toEqual(['0001-GET-rest-version.json']);
      await send(recorder, { path: 'rest/timezone' });
      expect(readdirSync(second)).toHaveLength(1);
      expect(recorder.startRecording(second).recording).toBe(true);
      await send(recorder, { path: 'rest/timezone' });
      expect(recorder.stopRecording().written).toEqual(['0002-GET-rest-timezone.json']);
      expect(recorder.recordings().recording).toBe(false);
    } finally {
      await recorder.stop();
      await real.stop();
      rmSync(second, { recursive: true, force: true });
    }
  });

  it('replays the same request as it was answered each time, in order, and from the start after a reset', async () => {
    const third = mkdtempSync(join(tmpdir(), 'bzc-recordings-'));
    const real = await startServer({ fixture: standardFixture() });
    const recorder = await startServer({ proxy: real.url, record: third });
    const visits = { path: 'rest/bug_user_last_visit?ids=6', headers: { 'X-BUGZILLA-API-KEY': KEYS.bob } };
    try {
      const before = (await send(recorder, visits)).text;
      await send(recorder, { path: 'rest/bug_user_last_visit/6', method: 'POST', headers: visits.headers });
      const after = (await send(recorder, visits)).text;
      expect(after).not.toBe(before);
      const replay = await startServer({ replay: third });
      try {
        const answers = async () => [(await send(replay, visits)).text, (await send(replay, visits)).text];
        expect(await answers()).toEqual([before, after]);
        expect((await send(replay, visits)).text).toBe(after);
        await replay.reset();
        expect(await answers()).toEqual([before, after]);
      } finally {
        await replay.stop();
      }
    } finally {
      await recorder.stop();
      await real.stop();
      rmSync(third, { recursive: true, force: true });
    }
  });

  it("keeps an answer's ETag, and replays a 304 only to the revalidation it answered", async () => {
    const fourth = mkdtempSync(join(tmpdir(), 'bzc-recordings-'));
    const real = await startServer({ fixture: standardFixture() });
    const recorder = await startServer({ proxy: real.url, record: fourth });
    const bug = 'rest/bug/1?include_fields=id';
    const get = (server: BzServer, ifNoneMatch?: string) =>
      fetch(`${server.url}${bug}`, { headers: ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {} });
    try {
      const etag = (await get(recorder)).headers.get('etag') as string;
      expect(etag).toMatch(/^"/);
      expect((await get(recorder, etag)).status).toBe(304);
      const replay = await startServer({ replay: fourth });
      try {
        const first = await get(replay);
        expect([first.status, first.headers.get('etag')]).toEqual([200, etag]);
        expect((await get(replay, etag)).status).toBe(304);
        // Asked without a validator, the 200 again: a 304 would leave a client that cached nothing without a body.
        expect((await get(replay)).status).toBe(200);
      } finally {
        await replay.stop();
      }
    } finally {
      await recorder.stop();
      await real.stop();
      rmSync(fourth, { recursive: true, force: true });
    }
  });

  it('refuses options that do not go together', async () => {
    await expect(startServer({ record: '/tmp/x' })).rejects.toThrow('--record needs --proxy URL');
    await expect(startServer({ proxy: 'http://127.0.0.1:1/', replay: '/tmp/x' })).rejects.toThrow(
      '--proxy and --replay go separately',
    );
    await expect(startServer({ replay: '/nonexistent/dir' })).rejects.toThrow('recordings /nonexistent/dir');
  });

  it("answers a 502 in Bugzilla's envelope when the tracker cannot be reached", async () => {
    const orphan = await startServer({ proxy: 'http://127.0.0.1:9/' });
    try {
      const answer = await send(orphan, { path: 'rest/version' });
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.text)).toMatchObject({ error: true, code: -32000 });
    } finally {
      await orphan.stop();
    }
  });
});
