import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveFixture } from '../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { DOCUMENTATION_URL } from './error-response.js';

let server: RunningServer;
beforeAll(async () => {
  server = await serveFixture(standardFixture());
});
afterAll(async () => {
  await server.stop();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
const withKey = (headers: Record<string, string> = {}) => ({ 'X-BUGZILLA-API-KEY': KEYS.admin, ...headers });
const post = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  api('/rest/bug_user_last_visit', { method: 'POST', headers: withKey(headers), body });

async function expectError(response: Response, status: number, code: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  const body = (await response.json()) as { documentation: unknown; message: string };
  expect(body).toMatchObject({ error: true, code });
  expect(typeof body.documentation).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

describe('success envelope', () => {
  it('answers the bare value as UTF-8 JSON', async () => {
    const response = await api('/rest/version');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await response.json()).toEqual({ version: '5.2' });
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await api('/rest/version', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('unknown routes: 32614', () => {
  it.each([
    ['GET', '/rest/nonexistent', "A REST API resource was not found for 'GET /nonexistent'."],
    ['GET', '/rest/version/', "A REST API resource was not found for 'GET /version/'."],
    ['GET', '/rest/Version', "A REST API resource was not found for 'GET /Version'."],
    ['POST', '/rest/version', "A REST API resource was not found for 'POST /version'."],
    ['DELETE', '/rest/bug_user_last_visit/1', "A REST API resource was not found for 'DELETE /bug_user_last_visit/1'."],
    ['PUT', '/rest/bug_user_last_visit', "A REST API resource was not found for 'PUT /bug_user_last_visit'."],
    ['GET', '/rest/bug_user_last_visit/1/2', "A REST API resource was not found for 'GET /bug_user_last_visit/1/2'."],
  ])('%s %s', async (method, path, message) => {
    await expectError(await api(path, { method, headers: withKey() }), 404, 32614, message);
  });

  it('beats a bad API key', async () => {
    await expectError(await api('/rest/nope', { headers: { 'X-BUGZILLA-API-KEY': 'bad' } }), 404, 32614);
  });
});

describe('/rest.cgi/, the endpoint /rest/ rewrites to in Bugzilla', () => {
  it('serves every path exactly as /rest/', async () => {
    expect(await (await api('/rest.cgi/version')).json()).toEqual({ version: '5.2' });
    const visit = await api('/rest.cgi/bug_user_last_visit/myalias', { method: 'POST', headers: withKey() });
    expect(await visit.json()).toEqual([{ id: 1, last_visit_ts: expect.any(String) }]);
    expect((await api('/rest.cgi/bug_user_last_visit/1', { method: 'OPTIONS' })).headers.get('allow')).toBe(
      (await api('/rest/bug_user_last_visit/1', { method: 'OPTIONS' })).headers.get('allow'),
    );
    await expectError(await api('/rest.cgi/nope'), 404, 32614, "A REST API resource was not found for 'GET /nope'.");
    await expectError(
      await api('/rest.cgi/version', { method: 'POST' }),
      404,
      32614,
      "A REST API resource was not found for 'POST /version'.",
    );
  });
});

describe('JSONP (?callback= on a GET), as 5.2', () => {
  it('answers text/javascript /**/NAME(<json>), filtered and with its own ETag', async () => {
    const response = await api('/rest/version?callback=foo');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    expect(await response.text()).toBe('/**/foo({"version":"5.2"})');
    expect(response.headers.get('etag')).not.toBe((await api('/rest/version')).headers.get('etag'));
    const filtered = await api('/rest/bug_user_last_visit/1?callback=cb.done&include_fields=id', {
      headers: withKey(),
    });
    expect(await filtered.text()).toBe('/**/cb.done([{"id":1}])');
  });

  it('answers errors after the callback is accepted as JSONP too, with their status', async () => {
    const response = await api('/rest/whoami?callback=cb');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    const text = await response.text();
    expect(text).toMatch(/^\/\*\*\/cb\(\{.*\}\)$/);
    expect(JSON.parse(text.slice('/**/cb('.length, -1))).toMatchObject({ error: true, code: 410 });
  });

  it('refuses a callback that is not a JavaScript name with 32611, as JSON', async () => {
    await expectError(
      await api('/rest/version?callback=a-b'),
      400,
      32611,
      "You cannot use 'a-b' as your 'callback' parameter. For security reasons, the 'callback' parameter must be a JavaScript name: a letter, '_' or '$', then letters, digits, '_', '$' or '.'.",
    );
    expect(await (await api('/rest/version?callback=$jq.done')).text()).toBe('/**/$jq.done({"version":"5.2"})');
  });

  it('leaves POST answers as JSON', async () => {
    const response = await api('/rest/bug_user_last_visit/1?callback=cb', { method: 'POST', headers: withKey() });
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await response.json()).toEqual([{ id: 1, last_visit_ts: expect.any(String) }]);
  });
});

describe('OPTIONS and CORS', () => {
  it('answers {} with Allow and the preflight headers on a known path', async () => {
    const response = await api('/rest/bug_user_last_visit/1', {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const allow = response.headers.get('allow') ?? '';
    expect(allow).toContain('GET');
    expect(allow).toContain('POST');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['content-type', 'x-bugzilla-api-key', 'x-bugzilla-token', 'authorization']) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('lists only GET for a read-only path', async () => {
    const response = await api('/rest/version', { method: 'OPTIONS' });
    expect(response.headers.get('allow')).not.toContain('POST');
  });

  it('is 32614 on an unknown path', async () => {
    await expectError(await api('/rest/nothing', { method: 'OPTIONS' }), 404, 32614);
  });

  it('allows any origin on answers and errors alike', async () => {
    expect((await api('/rest/version')).headers.get('access-control-allow-origin')).toBe('*');
    expect((await api('/rest/nothing')).headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('ETag', () => {
  it('answers 304 without a body to a matching If-None-Match', async () => {
    const first = await api('/rest/extensions');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await api('/rest/extensions', { headers: { 'If-None-Match': etag as string } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    const third = await api('/rest/extensions', { headers: { 'If-None-Match': '"other"' } });
    expect(third.status).toBe(200);
  });

  it('changes when the content changes', async () => {
    const before = (await api('/rest/bug_user_last_visit/1', { headers: withKey() })).headers.get('etag');
    await api('/rest/bug_user_last_visit/1', { method: 'POST', headers: withKey() });
    await api('/rest/bug_user_last_visit/6', { method: 'POST', headers: withKey() });
    const after = (await api('/rest/bug_user_last_visit/1?ids=6', { headers: withKey() })).headers.get('etag');
    expect(after).not.toBe(before);
  });
});

describe('include_fields / exclude_fields', () => {
  it('narrows objects and arrays by top-level key', async () => {
    expect(await (await api('/rest/time?include_fields=db_time,web_time')).json()).toEqual({
      db_time: expect.any(String),
      web_time: expect.any(String),
    });
    const visits = await api('/rest/bug_user_last_visit/1?exclude_fields=last_visit_ts', { headers: withKey() });
    expect(await visits.json()).toEqual([{ id: 1 }]);
  });

  it('narrows parameters by parameter name and never widens', async () => {
    const response = await api('/rest/parameters?include_fields=maintainer&include_fields=smtp_password');
    expect(await response.json()).toEqual({ parameters: { maintainer: 'admin@example.com' } });
  });
});

describe('request bodies', () => {
  it('reads JSON whatever the Content-Type says', async () => {
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      const response = await post('{"ids":[1]}', { 'Content-Type': type });
      expect(response.status).toBe(200);
    }
  });

  it('reads form bodies as parameters', async () => {
    const response = await api('/rest/bug_user_last_visit/1', {
      method: 'POST',
      headers: withKey({ 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: 'ids=6&ids=myalias',
    });
    expect(((await response.json()) as Array<{ id: number }>).map((v: { id: number }) => v.id)).toEqual([6, 1]);
  });

  it('rejects malformed JSON with 32000', async () => {
    await expectError(
      await post('{"ids": [1', { 'Content-Type': 'application/json' }),
      400,
      32000,
      /^Could not parse the 'params' argument as valid JSON\./,
    );
  });

  it.each(['[1,2]', '"text"', '42', 'true'])('rejects the non-object body %s with 32000', async (body) => {
    await expectError(await post(body), 400, 32000);
  });

  it('rejects a body over the limit with 413 naming the limit', async () => {
    const big = JSON.stringify({ ids: [1], pad: 'x'.repeat(1024 * 1024) });
    await expectError(await post(big), 413, 32000, /1 MiB/);
  });

  it('reads a gzip body and rejects an unknown encoding or charset with 32000, never 415', async () => {
    expect((await post(gzipSync('{"ids":[1]}'), { 'Content-Encoding': 'gzip' })).status).toBe(200);
    await expectError(await post('{"ids":[1]}', { 'Content-Encoding': 'zstd-nope' }), 400, 32000);
    await expectError(await post('{"ids":[1]}', { 'Content-Type': 'application/json; charset=klingon' }), 400, 32000);
    await expectError(await post('not gzip', { 'Content-Encoding': 'gzip' }), 400, 32000);
  });
});

describe('bodies that fail to decode', () => {
  it('never take the server down, whatever the encoding and size (found by the fuzzer)', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 151) % 256));
    for (const encoding of ['gzip', 'deflate', 'br']) {
      for (const body of [garbage, garbage.subarray(0, 7), Buffer.concat(Array(400).fill(garbage))]) {
        const response = await post(body, { 'Content-Encoding': encoding });
        expect([400, 413]).toContain(response.status);
        await response.text();
      }
    }
    expect((await api('/rest/version')).status).toBe(200);
  });
});

describe('requests the HTTP parser rejects', () => {
  it('still answers JSON to oversized headers', async () => {
    const response = await api('/rest/version', { headers: { 'X-Big': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ error: true, code: 32000, documentation: DOCUMENTATION_URL });
  });
});

describe('human pages', () => {
  it('serves a bug page by id and by alias, and an HTML 404', async () => {
    expect(await (await api('/show_bug.cgi?id=1')).text()).toContain('Bug 1');
    expect(await (await api('/show_bug.cgi?id=MYALIAS')).text()).toContain('myalias');
    const missing = await api('/show_bug.cgi?id=999');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('does not exist');
  });
});
