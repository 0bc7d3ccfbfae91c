import type { Mismatch } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';
import { methodCall } from '../rpc/xml-rpc-codec.js';

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: standardFixture(), validate: true, clock: '2026-01-10T00:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

describe('serve --validate', () => {
  it("finds nothing in the server's own answers, errors included", async () => {
    const since = bz.mismatches().at(-1)?.n ?? 0;
    const calls: Array<[string, Parameters<typeof api>[1]]> = [
      ['/rest/version', {}],
      ['/rest/time', {}],
      ['/rest/parameters', {}],
      ['/rest/bug/1', { key: KEYS.bob }],
      ['/rest/bug?product=TestProduct&limit=2', {}],
      ['/rest/bug/?ids=1&ids=myalias', {}],
      ['/rest/bug/1/comment', {}],
      ['/rest/bug/1/history', {}],
      ['/rest/bug/6/comment', { method: 'POST', key: KEYS.bob, json: { comment: 'hello' } }],
      ['/rest/bug_user_last_visit/6', { method: 'POST', key: KEYS.bob }],
      ['/rest/bug_user_last_visit?ids=6', { key: KEYS.bob }],
      ['/rest/whoami', { key: KEYS.bob }],
      ['/rest/bug/999', {}],
      ['/rest/bug/2', {}],
      ['/rest/bug_user_last_visit/6', { method: 'POST' }],
      ['/rest/bug_user_last_visit/6', { method: 'POST', key: 'wrong' }],
      [
        '/rest/bug',
        {
          method: 'POST',
          key: KEYS.admin,
          json: { product: 'TestProduct', component: 'TestComponent', summary: '', version: 'unspecified' },
        },
      ],
      [
        '/rest/bug',
        { method: 'POST', key: KEYS.admin, json: { product: 'Nope', component: 'X', summary: 'x', version: '1' } },
      ],
      [
        '/rest/bug',
        {
          method: 'POST',
          key: KEYS.admin,
          json: { product: 'TestProduct', component: 'TestComponent', summary: 'new', version: 'unspecified' },
        },
      ],
      ['/rest/bug/6', { method: 'PUT', key: KEYS.bob, json: { summary: 'renamed' } }],
      ['/rest/bug/6', { method: 'PUT', key: KEYS.bob, json: { status: 'RESOLVED' } }],
    ];
    for (const [path, init] of calls) await api(path, init);
    expect(bz.mismatches({ since })).toEqual([]);
  });

  it('journals a request that departs from the description, and what the answer was', async () => {
    const since = bz.mismatches().at(-1)?.n ?? 0;
    await api('/rest/bug?limit=many', {});
    await api('/rest/bug/6/comment', { method: 'POST', key: KEYS.bob, json: { is_private: 'yes' } });
    const found = bz.mismatches({ since });
    expect(found).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/rest/bug',
        endpoint: 'GET /rest/bug',
        part: 'query',
        problems: ['/limit must be integer'],
      }),
      expect.objectContaining({
        endpoint: 'POST /rest/bug/{id}/comment',
        part: 'body',
        problems: expect.arrayContaining(["(root) must have required property 'comment'"]),
      }),
    ]);
  });

  it('checks RPC calls as the REST requests they stand for, and JSON-RPC answers as REST dresses them', async () => {
    const since = bz.mismatches().at(-1)?.n ?? 0;
    const jsonRpc = (method: string, params: unknown) =>
      api('/jsonrpc.cgi', { method: 'POST', json: { method, params: [params], id: 1 } });
    await jsonRpc('Bugzilla.version', {});
    await jsonRpc('Bug.get', { ids: [1, 'myalias'], Bugzilla_api_key: KEYS.bob });
    await jsonRpc('Bug.comments', { ids: [1] });
    await jsonRpc('User.valid_login', { login: 'bob@example.com', Bugzilla_api_key: KEYS.bob });
    await jsonRpc('User.logout', {});
    await jsonRpc('Bug.get', { ids: [999] });
    await api('/xmlrpc.cgi', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: methodCall('Bug.get', { ids: [1], Bugzilla_api_key: KEYS.bob }),
    });
    expect(bz.mismatches({ since })).toEqual([]);
    await jsonRpc('Bug.search', { limit: 'many' });
    await api('/xmlrpc.cgi', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: methodCall('Bug.add_comment', { id: 6, Bugzilla_api_key: KEYS.bob }),
    });
    expect(
      bz.mismatches({ since }).map(({ path, endpoint, part, problems }) => ({ path, endpoint, part, problems })),
    ).toEqual([
      { path: '/jsonrpc.cgi', endpoint: 'GET /rest/bug', part: 'query', problems: ['/limit must be integer'] },
      {
        path: '/xmlrpc.cgi',
        endpoint: 'POST /rest/bug/{id}/comment',
        part: 'body',
        problems: ["(root) must have required property 'comment'"],
      },
    ]);
  });

  it('checks the tracker behind a proxy: an answer of another shape is journaled', async () => {
    const tracker = await startServer({ fixture: standardFixture() });
    const proxy = await startServer({ proxy: tracker.url, validate: true });
    try {
      tracker.fault({ path: '/rest/version', status: 200, body: { version: 52 } });
      expect(await (await fetch(`${proxy.url}rest/version`)).json()).toEqual({ version: 52 });
      const mismatches = (await (await fetch(`${proxy.url}__admin/mismatches`)).json()) as { mismatches: Mismatch[] };
      expect(mismatches.mismatches).toEqual([
        expect.objectContaining({ part: 'response', status: 200, problems: ['/version must be string'] }),
      ]);
      const cleared = await fetch(`${proxy.url}__admin/mismatches`, { method: 'DELETE' });
      expect(await cleared.json()).toEqual({ cleared: 1 });
      tracker.fault({ path: '/rest/timezone', status: 418, body: { teapot: true } });
      await fetch(`${proxy.url}rest/timezone`);
      expect(proxy.mismatches().map((m) => m.problems)).toEqual([['status 418 is not described']]);
    } finally {
      await proxy.stop();
      await tracker.stop();
    }
  });
});
