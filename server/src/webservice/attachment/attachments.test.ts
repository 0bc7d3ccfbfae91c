import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveStoreInProcess } from '../../../testing/in-process-server.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';

let server: InProcessServer;
beforeAll(async () => {
  server = await serveStoreInProcess(createMemoryStore(bugzilla52ExtendedSnapshot()));
});
afterAll(() => server.stop());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.dev, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { code?: number; ids?: number[] } };
}

const file = { data: 'eA==', file_name: 'x.txt', summary: 'x', content_type: 'text/plain' };

describe('attachments and comment tags refuse what no store can hold, changing nothing', () => {
  it('answers ids at and beyond 2^31 as 5.2 answers missing ones', async () => {
    expect((await call('GET', '/rest/bug/attachment/2147483648')).body).toEqual({ bugs: {}, attachments: {} });
    expect(await call('PUT', '/rest/bug/attachment/2147483648', { summary: 'y' })).toMatchObject({
      status: 400,
      body: { code: 32000 },
    });
    expect(await call('POST', '/rest/bug/2147483648/attachment', file)).toMatchObject({
      status: 404,
      body: { code: 101 },
    });
    expect((await call('PUT', '/rest/bug/comment/2147483648/tags', { add: ['abc'] })).body).toEqual([]);
  });

  it('refuses NUL and lone surrogates in every text with an error, never a 500', async () => {
    const before = (await call('GET', '/rest/bug/8/attachment?exclude_fields=data')).body;
    for (const bad of ['a\u0000b', 'a\ud800b', '\udc00']) {
      for (const field of ['summary', 'file_name', 'comment', 'content_type']) {
        // A file name's control characters become spaces (5.2's clean_text): see below.
        if (field === 'file_name' && bad.includes('\u0000')) continue;
        const added = await call('POST', '/rest/bug/8/attachment', { ...file, [field]: bad });
        expect(added.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
      }
      for (const field of ['summary', 'file_name', 'comment']) {
        if (field === 'file_name' && bad.includes('\u0000')) continue;
        const changed = await call('PUT', '/rest/bug/attachment/1', { [field]: bad });
        expect(changed.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
      }
      expect((await call('PUT', '/rest/bug/comment/8/tags', { add: [bad] })).status).toBe(400);
    }
    expect((await call('GET', '/rest/bug/8/attachment?exclude_fields=data')).body).toEqual(before);
  });
});

it("turns a file name's control characters into a space, as 5.2's clean_text does", async () => {
  const { body } = await call('POST', '/rest/bug/8/attachment', { ...file, file_name: 'a\u0000\tb' });
  const read = await call('GET', `/rest/bug/attachment/${body.ids?.[0]}?include_fields=file_name`);
  expect(read.body).toMatchObject({ attachments: { [String(body.ids?.[0])]: { file_name: 'a b' } } });
});
