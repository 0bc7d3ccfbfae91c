import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { serveStoreInProcess } from '../../../testing/in-process-server.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';
import { methodCall } from '../rpc/xml-rpc-codec.js';

/*
 * One request may add the same attachment to one bug many times (5.2 makes one per id named:
 * `ids: [1, 1, 1]` adds three). Listing that bug then holds their data, whose size is known
 * before any of it is read or encoded: over the answer's bound (32 MiB of JSON) it is refused at
 * once, over every protocol and store, while the list without data stays readable; and a bug
 * named twice is listed once. (This file runs once per store: vitest.config.ts.)
 */

let server: BzServer;
const MEGABYTE = Buffer.alloc(1_000_000, 'x').toString('base64');
// 30 × 1,333,336 bytes of base64: 40 MB, over 32 MiB.
const COPIES = 30;
let added: number[];

beforeAll(async () => {
  server = await startServer({ fixture: standardFixture() });
  const response = await fetch(`${server.url}rest/bug/1/attachment`, {
    method: 'POST',
    headers: { 'X-BUGZILLA-API-KEY': KEYS.admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ids: Array.from({ length: COPIES }, () => 1),
      data: MEGABYTE,
      file_name: 'big.log',
      summary: 'A big log',
      content_type: 'text/plain',
    }),
  });
  expect(response.status).toBe(201);
  added = ((await response.json()) as { ids: number[] }).ids;
}, 120_000);
afterAll(() => server.stop());

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { 'X-BUGZILLA-API-KEY': KEYS.admin } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("a bug whose attachments' data is over the answer's bound", () => {
  it('got one attachment per id named, as 5.2 makes them', () => {
    expect(added).toHaveLength(COPIES);
    expect(new Set(added).size).toBe(COPIES);
  });

  it('is refused over REST, for the bug and by attachment ids', async () => {
    for (const path of [
      'rest/bug/1/attachment',
      `rest/bug/attachment/${added[0]}?${added.map((id) => `attachment_ids=${id}`).join('&')}`,
    ]) {
      const answer = await get(path);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: true, code: 32000 });
      expect(String(answer.body.message)).toMatch(/The answer would be larger than 32 MiB/);
    }
  });

  it('is refused over XML-RPC and JSON-RPC', async () => {
    const xml = await fetch(`${server.url}xmlrpc.cgi`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: methodCall('Bug.attachments', { ids: [1], Bugzilla_api_key: KEYS.admin }),
    });
    expect(await xml.text()).toMatch(/<name>faultCode<\/name><value><int>32000<\/int>.*larger than 32 MiB/s);
    const json = await fetch(`${server.url}jsonrpc.cgi`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'Bug.attachments', params: [{ ids: [1], Bugzilla_api_key: KEYS.admin }], id: 1 }),
    });
    expect(((await json.json()) as { error: { code: number } }).error.code).toBe(32000);
  });

  it('lists them without their data, and a bug named twice once', async () => {
    const once = await get('rest/bug/1/attachment?exclude_fields=data');
    expect(once.status).toBe(200);
    const listed = (once.body.bugs as Record<string, Array<{ id: number }>>)['1'] ?? [];
    expect(listed.map((attachment) => attachment.id)).toEqual(expect.arrayContaining(added));
    expect(await get('rest/bug/1/attachment?ids=1&ids=1&ids=1&exclude_fields=data')).toEqual(once);
  });
});

describe('the refusal', () => {
  it("reads no attachment's data: the sizes alone decide, and a bug named twice is read once", async () => {
    const store = createMemoryStore(snapshotFromFixture(standardFixture()));
    const inProcess = await serveStoreInProcess(store);
    try {
      const add = (bug: number, ids: number[], data: string, key: string) =>
        fetch(`${inProcess.url}/rest/bug/${bug}/attachment`, {
          method: 'POST',
          headers: { 'X-BUGZILLA-API-KEY': key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ids, data, file_name: 'b', summary: 'b', content_type: 'text/plain' }),
        });
      const big = await add(
        1,
        Array.from({ length: COPIES }, () => 1),
        MEGABYTE,
        KEYS.admin,
      );
      expect(big.status, await big.text()).toBe(201);
      // Bug 6 is public, and its reporter's to attach to.
      const small = await add(6, [6, 6], 'aGVsbG8=', KEYS.bob);
      expect(small.status, await small.text()).toBe(201);
      // A spy on the real store: it still answers, and counts what it is asked.
      let reads = 0;
      const read = store.attachmentData.bind(store);
      store.attachmentData = (attachment) => {
        reads++;
        return read(attachment);
      };
      const refused = await fetch(`${inProcess.url}/rest/bug/1/attachment`, {
        headers: { 'X-BUGZILLA-API-KEY': KEYS.admin },
      });
      expect(refused.status).toBe(400);
      expect(reads).toBe(0);
      const listing = await fetch(`${inProcess.url}/rest/bug/6/attachment?ids=6&ids=6&ids=6`);
      expect(listing.status).toBe(200);
      expect(((await listing.json()) as { bugs: Record<string, unknown[]> }).bugs['6']).toHaveLength(2);
      expect(reads).toBe(2);
    } finally {
      await inProcess.stop();
    }
  });
});
