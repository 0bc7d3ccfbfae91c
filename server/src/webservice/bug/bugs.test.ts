import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugContentFixture } from '../../../testing/bug-content-fixture.js';
import { type RunningServer, serveFixture } from '../../../testing/cli-server.js';
import { KEYS } from '../../../testing/fixtures.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';

let server: RunningServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  const fixture = bugContentFixture();
  server = await serveFixture({
    ...fixture,
    bugs: [...fixture.bugs, ...Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, summary: `Bulk bug ${i}` }))],
  });
  api = httpClient(server.url);
});
afterAll(() => server.stop());

type Bugs = { bugs: Array<Record<string, unknown>>; faults?: unknown[] };
const bugs = (path: string, key?: string) => getOk<Bugs>(api, path, key);
const ids = (answer: Bugs) => answer.bugs.map((bug) => bug.id);

describe('GET /rest/bug/{id or alias}', () => {
  it("answers 5.2's fields, with user details, for a logged-out caller", async () => {
    const {
      bugs: [bug],
      faults,
    } = await bugs('/rest/bug/1');
    expect(faults).toEqual([]);
    expect(bug).toMatchObject({
      id: 1,
      alias: ['myalias'],
      summary: 'Crash when the summary has an emoji',
      status: 'IN_PROGRESS',
      resolution: '',
      is_open: true,
      product: 'Tracker',
      component: 'Web',
      priority: 'High',
      severity: 'critical',
      creator: 'admin@example.com',
      creator_detail: { id: 1, real_name: 'Admin', name: 'admin@example.com', email: 'admin@example.com' },
      assigned_to: 'admin@example.com',
      qa_contact: '',
      cc: ['bob@example.com', 'carol@example.com'],
      groups: [],
      creation_time: '2026-03-01T09:00:00Z',
      last_change_time: '2026-03-04T12:00:00Z',
      is_creator_accessible: true,
      is_cc_accessible: true,
    });
    expect(((bug?.cc_detail ?? []) as Array<{ name: string }>).map((user) => user.name)).toEqual([
      'bob@example.com',
      'carol@example.com',
    ]);
    expect(bug).not.toHaveProperty('qa_contact_detail');
    expect(bug).not.toHaveProperty('update_token');
    expect(Object.keys(bug as object)).toHaveLength(37);
  });

  it('gives a logged-in caller an update_token, and the alias in any case finds the bug', async () => {
    const {
      bugs: [bug],
    } = await bugs('/rest/bug/MYALIAS', KEYS.bob);
    expect(bug?.id).toBe(1);
    expect(bug?.update_token).toMatch(/^\d+-[\w-]+$/);
  });

  it('narrows with include_fields and exclude_fields, _default and _all', async () => {
    expect((await bugs('/rest/bug/1?include_fields=id,summary')).bugs).toEqual([
      { id: 1, summary: 'Crash when the summary has an emoji' },
    ]);
    expect((await bugs('/rest/bug/1?include_fields=id,summary&exclude_fields=summary')).bugs).toEqual([{ id: 1 }]);
    expect((await bugs('/rest/bug/1?include_fields=id,assigned_to.name')).bugs).toEqual([
      { id: 1, assigned_to: 'admin@example.com', assigned_to_detail: { name: 'admin@example.com' } },
    ]);
    const all = (await bugs('/rest/bug/1?include_fields=_all')).bugs[0] as object;
    expect(Object.keys(all)).toHaveLength(38);
    expect(all).toHaveProperty('tags', []);
    const noCc = (await bugs('/rest/bug/1?exclude_fields=cc')).bugs[0] as object;
    expect(noCc).not.toHaveProperty('cc');
    expect(noCc).not.toHaveProperty('cc_detail');
  });

  it('answers the path bug and then the query ids, each once', async () => {
    expect(ids(await bugs('/rest/bug/6?ids=1&ids=6&ids=myalias&include_fields=id'))).toEqual([6, 1]);
  });

  it('answers only the query ids at /rest/bug/ (trailing slash), and needs some', async () => {
    expect(ids(await bugs('/rest/bug/?ids=6&ids=1&include_fields=id'))).toEqual([6, 1]);
    await expectBugzillaError(
      await api('/rest/bug/'),
      400,
      50,
      'The function requires a ids argument, and that argument was not set.',
    );
  });

  it.each([
    ['/rest/bug/999', 404, 101, 'Bug #999 does not exist.'],
    ['/rest/bug/0', 404, 101, 'Bug #0 does not exist.'],
    ['/rest/bug/nope', 400, 100, "'nope' is not a valid bug number nor an alias to a bug."],
    ['/rest/bug/-1', 400, 100, "'-1' is not a valid bug number nor an alias to a bug."],
    ['/rest/bug/1?ids=2', 401, 102, 'You are not authorized to access bug #2.'],
  ])('%s as bob is %i, %i', async (path, status, code, message) => {
    await expectBugzillaError(await api(path, { key: KEYS.bob }), status, code, message);
  });

  it('hides private bugs by the access rules, naming the bug as it was asked for', async () => {
    await expectBugzillaError(
      await api('/rest/bug/2'),
      401,
      102,
      'You are not authorized to access bug #2. To see this bug, you must first log in to an account with the appropriate permissions.',
    );
    expect(ids(await bugs('/rest/bug/2?include_fields=id', KEYS.alice))).toEqual([2]); // in the group
    expect(ids(await bugs('/rest/bug/3?include_fields=id', KEYS.bob))).toEqual([3]); // in CC
    await expectBugzillaError(await api('/rest/bug/4', { key: KEYS.bob }), 401, 102); // CC list not accessible
    expect(ids(await bugs('/rest/bug/5?include_fields=id', KEYS.alice))).toEqual([5]); // one group suffices (or_groups)
    await expectBugzillaError(await api('/rest/bug/5', { key: KEYS.bob }), 401, 102);
    expect(ids(await bugs('/rest/bug/5?include_fields=id', KEYS.carol))).toEqual([5]); // assignee
  });

  it('refuses anonymous callers when requirelogin is on', async () => {
    const locked = await serveFixture(bugContentFixture({ instance: { parameters: { requirelogin: '1' } } }));
    try {
      await expectBugzillaError(await fetch(`${locked.url}/rest/bug/1`), 401, 410);
      expect((await fetch(`${locked.url}/rest/bug/1`, { headers: { 'X-BUGZILLA-API-KEY': KEYS.bob } })).status).toBe(
        200,
      );
    } finally {
      await locked.stop();
    }
  });
});

describe('GET /rest/bug (search)', () => {
  it('finds 20 bugs by id, in id order, leaving out hidden and unknown ones silently', async () => {
    const wanted = [129, 2, 1, ...Array.from({ length: 17 }, (_, i) => 110 - i), 99999];
    const answer = await bugs(`/rest/bug?id=${wanted.join(',')}&include_fields=id,summary,last_change_time`, KEYS.bob);
    expect(answer).not.toHaveProperty('faults');
    expect(ids(answer)).toEqual(
      [1, ...Array.from({ length: 17 }, (_, i) => 94 + i).filter((id) => id >= 100), 129].sort((a, b) => a - b),
    );
  });

  it('takes repeated ids and other criteria', async () => {
    expect(ids(await bugs('/rest/bug?id=1&id=6&include_fields=id'))).toEqual([1, 6]);
    expect(ids(await bugs('/rest/bug?summary=emoji%20crash&include_fields=id'))).toEqual([1]);
    expect(ids(await bugs('/rest/bug?product=Tracker&include_fields=id'))).toEqual([1]);
    expect(ids(await bugs('/rest/bug?alias=myalias&include_fields=id'))).toEqual([1]);
  });

  it('filters by last_change_time inclusively', async () => {
    expect(ids(await bugs('/rest/bug?last_change_time=2026-03-04T12:00:00Z&include_fields=id'))).toEqual([1]);
    expect(ids(await bugs('/rest/bug?last_change_time=2026-03-04T12:00:01Z&include_fields=id'))).toEqual([]);
    await expectBugzillaError(
      await api('/rest/bug?last_change_time=yesterday'),
      400,
      56,
      "'yesterday' is not a legal date.",
    );
  });

  it('pages with limit and offset; an offset needs a limit', async () => {
    expect(ids(await bugs('/rest/bug?summary=Bulk&limit=3&include_fields=id'))).toEqual([100, 101, 102]);
    expect(ids(await bugs('/rest/bug?summary=Bulk&limit=2&offset=28&include_fields=id'))).toEqual([128, 129]);
    expect(ids(await bugs('/rest/bug?summary=Bulk&limit=0&include_fields=id'))).toHaveLength(30);
    await expectBugzillaError(await api('/rest/bug?summary=Bulk&offset=1'), 400, 50);
    // 5.2 hands `bug_id IN ('abc')` to PostgreSQL, which fails the query; here its refusal of a non-number, 52.
    await expectBugzillaError(await api('/rest/bug?id=abc'), 400, 52);
  });
});
