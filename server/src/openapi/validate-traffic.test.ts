import type { Mismatch } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BzServer, startServer } from '../test-double/start-server.js';
import { KEYS, standardFixture } from '../testing/fixtures.js';
import { httpClient } from '../testing/http.js';

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
        problems: ['/limit/0 must be integer'],
      }),
      expect.objectContaining({
        endpoint: 'POST /rest/bug/{id}/comment',
        part: 'body',
        problems: expect.arrayContaining(["(root) must have required property 'comment'"]),
      }),
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
