import { type EndpointKey, isRpcOnly, splitEndpoint } from '@bz-companion/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../testing/fixtures.js';
import { expectBugzillaError, httpClient } from '../../../testing/http.js';
import { LARGEST_BUG, largestBugFixture } from '../../../testing/largest-bug-fixture.js';
import { jsonRpcCall, xmlRpcCall } from '../../../testing/rpc-clients.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';
import { errors } from '../../bugzilla/errors.js';
import { RateLimits } from '../../bugzilla/rate-limit/rate-limits.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { chooseProfile, PROFILES } from '../../profiles/profiles.js';
import { WebhookPush } from '../../push/webhook-push.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';
import { endpointFor } from '../rest/api-router.js';
import { RPC_METHODS } from '../rpc/methods.js';
import { routeTable } from '../table/method-table.js';
import { EndpointRequest } from './endpoint-request.js';
import { EMPTY_QUERY, runEndpoint } from './run-endpoint.js';
import { DEFAULT_WORK_BOUNDS, withinTime } from './work-bounds.js';

const LIMIT = DEFAULT_WORK_BOUNDS.values;
const TOO_MANY = /^The '(ids|params)' parameter holds more than 1000 different values/;
const TOO_LARGE = /^The answer would be larger than 32 MiB/;
const distinctIds = (count: number) => Array.from({ length: count }, (_, n) => n + 1);

let server: BzServer;
let api: ReturnType<typeof httpClient>;
let base: string;

beforeAll(async () => {
  server = await startServer({ fixture: largestBugFixture() });
  api = httpClient(server.url);
  base = server.url.replace(/\/$/, '');
}, 120_000);
afterAll(() => server.stop());

describe('every method is bounded in the values one parameter holds', () => {
  // The RPC-only methods have no REST resource: they are bounded over JSON-RPC, below.
  // The default profile's endpoints; BMO's own take the same steps (run-endpoint.ts), so the same bounds.
  const missing = PROFILES['bz-companion'].missing;
  const keys = (Object.keys(routeTable) as EndpointKey[]).filter((key) => !isRpcOnly(key) && !missing.has(key));

  it.each(keys)('%s refuses 1001 different ids before doing any work', async (key) => {
    const { method, path } = splitEndpoint(key);
    const url = path.replace('{id}', '1');
    const ids = distinctIds(LIMIT + 1);
    const response =
      method === 'GET'
        ? await api(`${url}?${ids.map((id) => `ids=${id}`).join('&')}`, { key: KEYS.admin })
        : await api(url, { method, key: KEYS.admin, json: { ids, comment: 'not added' } });
    await expectBugzillaError(response, 400, 32000, TOO_MANY);
  });

  it.each(Object.keys(RPC_METHODS))('%s over JSON-RPC refuses 1001 different ids', async (name) => {
    const answer = await jsonRpcCall(base, name, { ids: distinctIds(LIMIT + 1), Bugzilla_api_key: KEYS.admin });
    expect(answer.status).toBe(200);
    expect(answer.body?.error?.code).toBe(32000);
    expect(answer.body?.error?.message).toMatch(TOO_MANY);
  });

  it('counts a list anywhere in a body, and the members of an object', async () => {
    const nested = await api('/rest/bug/1/comment', {
      method: 'POST',
      key: KEYS.admin,
      json: { comment: 'not added', cc: { add: distinctIds(LIMIT + 1).map(String) } },
    });
    await expectBugzillaError(nested, 400, 32000, /^The 'cc\.add' parameter holds more than 1000/);
    const comments = await api('/rest/bug/1/comment', { key: KEYS.admin });
    expect(JSON.stringify(await comments.json())).not.toContain('not added');
  });

  it('refuses parameters nested deeper than any method reads, over REST and RPC, instead of a 500', async () => {
    const nested = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
    const rest = await api('/rest/bug/1/comment', {
      method: 'POST',
      key: KEYS.admin,
      headers: { 'Content-Type': 'application/json' },
      body: `{"comment": "not added", "ids": ${nested}}`,
    });
    await expectBugzillaError(rest, 400, 32000, /^The 'ids' parameter nests more than 32 levels deep/);
    for (const name of ['Bugzilla.version', 'Bug.get']) {
      const response = await fetch(`${base}/jsonrpc.cgi`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"method": "${name}", "params": [{"ids": ${nested}}], "id": 1}`,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { error: { code: number; message: string } };
      expect(body.error).toMatchObject({ code: 32000, message: expect.stringMatching(/nests more than 32 levels/) });
    }
  });

  it('takes a thousand ids at the bound', async () => {
    const ids = distinctIds(LIMIT);
    const response = await api(`/rest/bug_user_last_visit?${ids.map((id) => `ids=${id}`).join('&')}`, {
      key: KEYS.bob,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(LIMIT);
  });
});

describe('repeated ids', () => {
  it('Bug.history answers a bug named 2,600 times in the URL once, as 5.2 merges the path with ids', async () => {
    const response = await api(`/rest/bug/1/history?${'ids=1&'.repeat(2600)}ids=myalias`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { bugs: Array<{ id: number }> };
    expect(body.bugs.map((bug) => bug.id)).toEqual([1]);
  });

  for (const name of ['Bug.history', 'Bug.comments', 'Bug.get']) {
    it(`${name} over JSON-RPC works through 5,000 repeats of one id once`, async () => {
      const answer = await jsonRpcCall(base, name, { ids: Array(5000).fill(1) });
      expect(answer.body?.error).toBeNull();
      expect(answer.text.length).toBeLessThan(10_000);
    });

    it(`${name} over JSON-RPC refuses twenty thousand repeats (over ten times the bound in all)`, async () => {
      const answer = await jsonRpcCall(base, name, { ids: Array(20_000).fill(4) });
      expect(answer.body?.error?.code).toBe(32000);
      expect(answer.body?.error?.message).toMatch(TOO_MANY);
    });
  }
});

describe('every method, as a client may call it', () => {
  const methods = Object.keys(RPC_METHODS);
  const calls = (name: string) => (name === 'Bug.add_comment' ? { id: 1, comment: 'a comment' } : {});

  it.each(methods)('%s refuses 10,000 different ids', async (name) => {
    const answer = await jsonRpcCall(base, name, {
      ...calls(name),
      ids: distinctIds(10_000),
      Bugzilla_api_key: KEYS.admin,
    });
    expect(answer.body?.error).toMatchObject({ code: 32000, message: expect.stringMatching(TOO_MANY) });
  });

  it.each(methods)('%s answers the largest bug named 10,000 times within its bounds', async (name) => {
    const answer = await jsonRpcCall(base, name, {
      ...calls(name),
      ids: Array(10_000).fill(LARGEST_BUG),
      Bugzilla_api_key: KEYS.admin,
    });
    expect(answer.status).toBe(200);
    // Answered, or refused for its size; never a 500, nor given up at the time bound: the one bug is
    // worked on once, not 10,000 times. (How long it takes is the bench's to say, not a test's.)
    if (answer.body?.error) {
      expect(answer.body.error.code, answer.body.error.message).not.toBe(-32000);
      expect(answer.body.error.message).not.toMatch(/took longer than/);
    }
    expect(answer.text.length).toBeLessThan(DEFAULT_WORK_BOUNDS.answerBytes);
  });

  it('refuses 10,001 repeats of one id (over ten times the bound in all) over REST too', async () => {
    const ids = Array(10_001).fill(LARGEST_BUG);
    const response = await api('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.bob, json: { ids } });
    await expectBugzillaError(response, 400, 32000, TOO_MANY);
  });
});

describe('the largest bug', () => {
  it('answers its comments with the size error over REST, and with include_fields narrowed', async () => {
    const whole = await api(`/rest/bug/${LARGEST_BUG}/comment`);
    await expectBugzillaError(whole, 400, 32000, TOO_LARGE);
    const narrowed = await api(`/rest/bug/${LARGEST_BUG}/comment?include_fields=id`);
    expect(narrowed.status).toBe(200);
    const body = (await narrowed.json()) as { bugs: Record<string, { comments: unknown[] }> };
    expect(body.bugs[String(LARGEST_BUG)]?.comments).toHaveLength(520);
  });

  it('answers the size error over JSON-RPC and XML-RPC in their own envelopes', async () => {
    const json = await jsonRpcCall(base, 'Bug.comments', { ids: [LARGEST_BUG] });
    expect(json.body?.error).toMatchObject({ code: 32000, message: expect.stringMatching(TOO_LARGE) });
    const xml = await xmlRpcCall(base, 'Bug.comments', { ids: [LARGEST_BUG] });
    expect(xml.fault).toMatchObject({ faultCode: 32000, faultString: expect.stringMatching(TOO_LARGE) });
  });

  it('answers its history, and the bug itself, in full', async () => {
    const history = await api(`/rest/bug/${LARGEST_BUG}/history`);
    expect(history.status).toBe(200);
    const body = (await history.json()) as { bugs: Array<{ history: unknown[] }> };
    expect(body.bugs[0]?.history).toHaveLength(2000);
    expect((await api(`/rest/bug/${LARGEST_BUG}`)).status).toBe(200);
  });
});

describe('a read that waits too long for its store', () => {
  afterEach(() => vi.useRealTimers());

  it('is answered with the time error when its bound passes, and a write never is', async () => {
    vi.useFakeTimers();
    const store = createMemoryStore(snapshotFromFixture(largestBugFixture({ comments: 0, changeSets: 0 })));
    const profile = chooseProfile(undefined, undefined);
    const deps = {
      store,
      clock: { now: () => 0 },
      urlbase: undefined,
      profile,
      failures: store.loginFailures,
      rateLimits: new RateLimits(() => store.instance.parameters),
      push: new WebhookPush(store, { now: () => 0 }),
    };
    const never = () => new Promise<never>(() => {});
    const call = (key: EndpointKey) => {
      const endpoint = endpointFor(key, profile);
      const request = new EndpointRequest(
        { protocol: 'http', host: 'h' },
        deps,
        '',
        '1',
        EMPTY_QUERY,
        null,
        0,
        undefined,
      );
      const spec = { auth: 'ignore' as const, handle: never };
      return runEndpoint({ ...endpoint, spec, policy: 'ignore' }, deps, request, 'GET', {}, {}) as Promise<unknown>;
    };
    const read = call('GET /rest/bug/{id}').then(
      () => 'answered',
      (error: Error) => error.message,
    );
    let write = 'waiting';
    void call('POST /rest/bug/{id}/comment').then(() => {
      write = 'answered';
    });
    await vi.advanceTimersByTimeAsync(DEFAULT_WORK_BOUNDS.seconds * 1000);
    expect(await read).toBe(errors.tookTooLong(DEFAULT_WORK_BOUNDS.seconds).message);
    expect(write).toBe('waiting');
    await expect(withinTime(Promise.resolve(1), 1)).resolves.toBe(1);
  });
});
