import { afterAll, beforeAll, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import type { InProcessServer } from '../../../testing/in-process-server.js';
import { serveMatrixSnapshot } from '../../../testing/matrix-snapshot-server.js';

/*
 * See Also links to bugs of this tracker (its urlbase is http://bz.test/), as 5.2's
 * Bugzilla::BugUrl::Bugzilla::Local: the other bug gets the link back and loses it with it, a bare id
 * names a bug here, the bug itself and URLs no class takes are refused with 5.2's 112.
 */
let server: InProcessServer;
const headers = { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.admin, 'Content-Type': 'application/json' };
const local = (id: number) => `http://bz.test/show_bug.cgi?id=${id}`;

beforeAll(async () => {
  const snapshot = bugzilla52ExtendedSnapshot();
  (snapshot.instance.parameters as Record<string, string>).urlbase = 'http://bz.test/';
  for (const [id, other] of [
    [1, 5],
    [5, 1],
  ] as const) {
    const fields = snapshot.bugs.find((bug) => bug.id === id)?.fields;
    // Kept without a class, as a fixture may give them.
    if (fields) fields.see_also = [local(other)];
  }
  server = await serveMatrixSnapshot(snapshot);
});
afterAll(() => server.stop());

const send = async (method: string, path: string, body?: unknown) => {
  const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const seeAlsoOf = async (id: number) =>
  ((await send('GET', `/rest/bug/${id}?include_fields=see_also`)).body.bugs as Array<{ see_also: string[] }>)[0]
    ?.see_also;

it('removes the link back with a local link, and adds it with a bare id', async () => {
  await send('PUT', '/rest/bug/1', { see_also: { remove: [local(5)] } });
  expect(await seeAlsoOf(5)).toEqual([]);
  const added = await send('PUT', '/rest/bug/1', { see_also: { add: ['5'] } });
  expect(added.body).toMatchObject({ bugs: [{ id: 1, changes: { see_also: { removed: '', added: local(5) } } }] });
  expect(await seeAlsoOf(5)).toEqual([local(1)]);
  const history = await send('GET', '/rest/bug/5/history');
  const sets = (history.body.bugs as Array<{ history: Array<{ changes: Array<Record<string, string>> }> }>)[0]?.history;
  // The removal and the addition, in one change set or two (5.2 groups a user's changes of one second).
  const rows = (sets ?? []).flatMap((set) => set.changes).filter((change) => change.field_name === 'see_also');
  expect(rows.map((row) => row.removed).join(' ')).toContain(local(1));
  expect(rows.map((row) => row.added).join(' ')).toContain(local(1));
});

it('links a new bug back from the local bug it names', async () => {
  const created = await send('POST', '/rest/bug', {
    product: 'Widgets',
    component: 'Backend',
    version: '1.0',
    summary: 'Seen also',
    op_sys: 'All',
    platform: 'All',
    see_also: [local(5), 'http://github.com/o/r/issues/2'],
  });
  const id = created.body.id as number;
  expect(await seeAlsoOf(id)).toEqual([local(5), 'https://github.com/o/r/issues/2']);
  expect(await seeAlsoOf(5)).toEqual([local(1), local(id)]);
});

it("takes another bug's alias for a new bug's See Also, and links that bug back", async () => {
  const created = await send('POST', '/rest/bug', {
    product: 'Widgets',
    component: 'Backend',
    version: '1.0',
    summary: 'Seen also by alias',
    op_sys: 'All',
    platform: 'All',
    see_also: ['myalias'],
  });
  expect(created.body).toMatchObject({ id: expect.any(Number) });
  const id = created.body.id as number;
  // Kept as 5.2 keeps a word: the local URL of the alias.
  expect(await seeAlsoOf(id)).toEqual(['http://bz.test/show_bug.cgi?id=myalias']);
  expect(await seeAlsoOf(2)).toContain(local(id));
});

it('Bug.update_see_also removes before it adds, as 5.2 does; Bug.update adds before it removes', async () => {
  const url = 'https://github.com/o/r/issues/77';
  const rpc = await send('POST', '/jsonrpc.cgi', {
    method: 'Bug.update_see_also',
    params: [{ ids: [3], add: [url], remove: [url] }],
    id: 1,
  });
  expect(rpc.body).toMatchObject({
    error: null,
    result: { changes: { 3: { see_also: { added: [url], removed: [] } } } },
  });
  expect(await seeAlsoOf(3)).toContain(url);
  await send('PUT', '/rest/bug/4', { see_also: { add: [url], remove: [url] } });
  expect(await seeAlsoOf(4)).not.toContain(url);
});

it("refuses the bug itself and what no class takes, with 5.2's 112", async () => {
  expect(await send('PUT', '/rest/bug/1', { see_also: { add: ['1'] } })).toMatchObject({
    status: 400,
    body: { code: 112, message: 'You cannot put this bug into its own See Also field.' },
  });
  expect(await send('PUT', '/rest/bug/1', { see_also: { add: ['ftp://github.com/o/r/issues/1'] } })).toMatchObject({
    status: 400,
    body: {
      code: 112,
      message: 'ftp://github.com/o/r/issues/1 is not a valid URL to a bug. URLs must start with "http" or "https".',
    },
  });
  expect(await send('PUT', '/rest/bug/1', { see_also: { add: ['9999'] } })).toMatchObject({ body: { code: 101 } });
});
