import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { jsonRpcCall } from '../../../testing/rpc-clients.js';

/* Bug.search by the caller's own tags: `tag`, or `tags` as 5.2's Bug.search documents it. */
let server: InProcessServer;
beforeAll(async () => {
  server = await serveInProcess(bugzilla52Fixture());
});
afterAll(() => server.stop());

async function ids(query: string, key: string): Promise<number[]> {
  const response = await fetch(`${server.url}/rest/bug?${query}&include_fields=id`, {
    headers: { 'X-BUGZILLA-API-KEY': key },
  });
  const body = (await response.json()) as { bugs: Array<{ id: number }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.bugs.map((bug) => bug.id);
}

it("finds the caller's tagged bugs by `tag` and by `tags`, and no one else's", async () => {
  const tagged = await jsonRpcCall(server.url, 'Bug.update_tags', {
    ids: [2, 5],
    tags: { add: ['later'] },
    Bugzilla_api_key: BUGZILLA_52_KEYS.admin,
  });
  expect(tagged.result, tagged.text).toBeDefined();
  expect(await ids('tag=later', BUGZILLA_52_KEYS.admin)).toEqual([2, 5]);
  expect(await ids('tags=later', BUGZILLA_52_KEYS.admin)).toEqual([2, 5]);
  // Tag names are compared as they are (5.2: tag=MINE finds nothing where tag=mine finds three).
  expect(await ids('tag=LATER', BUGZILLA_52_KEYS.admin)).toEqual([]);
  expect(await ids('tags=later', BUGZILLA_52_KEYS.user)).toEqual([]);
});
