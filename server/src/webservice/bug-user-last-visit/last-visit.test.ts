import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { expectBugzillaError, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

type Visit = { id: number; last_visit_ts: string | null };

const VALID_NUMBER = 'You must enter a valid bug number!';
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** The main server's clock stands still here: every visit it records is stamped with it. */
const NOW = '2026-03-01T12:00:00Z';

let server: BzServer;
let strict: BzServer;
let skewed: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  const base = standardFixture();
  [server, strict, skewed] = await Promise.all([
    startServer({
      clock: NOW,
      fixture: {
        ...base,
        last_visits: [
          { user: 'carol@example.com', bug_id: 1, last_visit_ts: '2026-01-01T00:00:00Z' },
          { user: 'carol@example.com', bug_id: 6, last_visit_ts: '2026-01-01T00:00:00Z' },
          { user: 'carol@example.com', bug_id: 5, last_visit_ts: '2026-01-02T00:00:00Z' },
        ],
        instance: { ...base.instance, parameters: { ...base.instance.parameters, last_visit_keep_days: '0' } },
      },
    }),
    startServer({ fixture: standardFixture({ instance: { strict_involvement: true } }) }),
    startServer({ fixture: standardFixture({ instance: { db_time_offset_seconds: 3600 } }), clock: NOW }),
  ]);
  api = httpClient(server.url);
});
afterAll(async () => {
  await Promise.all([server.stop(), strict.stop(), skewed.stop()]);
});

const post = (path: string, key: string, json?: unknown) => api(path, { method: 'POST', key, json });
const visits = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as Visit[];
};

describe('POST /rest/bug_user_last_visit/{id}', () => {
  it('records a visit now and answers it', async () => {
    const answer = await visits(await post('/rest/bug_user_last_visit/1', KEYS.bob));
    expect(answer).toEqual([{ id: 1, last_visit_ts: NOW }]);
    expect(await visits(await api('/rest/bug_user_last_visit/1', { key: KEYS.bob }))).toEqual(answer);
  });

  it('accepts an alias in any letter case and answers the numeric id', async () => {
    expect((await visits(await post('/rest/bug_user_last_visit/MyAlias', KEYS.bob))).map((v) => v.id)).toEqual([1]);
  });

  it('uses the body ids instead of the path id; a scalar counts as one', async () => {
    expect((await visits(await post('/rest/bug_user_last_visit/1', KEYS.bob, { ids: [6] }))).map((v) => v.id)).toEqual([
      6,
    ]);
    expect((await visits(await post('/rest/bug_user_last_visit/1', KEYS.bob, { ids: 6 }))).map((v) => v.id)).toEqual([
      6,
    ]);
    expect(
      (await visits(await post('/rest/bug_user_last_visit/1', KEYS.bob, { ids: 'second-alias' }))).map((v) => v.id),
    ).toEqual([6]);
  });

  it.each([[{}], [null], [{ ids: null }], [{ other: 1 }]])('uses the path id with the body %j', async (body) => {
    expect((await visits(await post('/rest/bug_user_last_visit/6', KEYS.bob, body))).map((v) => v.id)).toEqual([6]);
  });

  it('ignores ids in the query string of a POST', async () => {
    expect((await visits(await post('/rest/bug_user_last_visit/1?ids=6', KEYS.bob))).map((v) => v.id)).toEqual([1]);
  });
});

describe('POST /rest/bug_user_last_visit with ids', () => {
  it('answers every id in request order, duplicates kept, with one timestamp', async () => {
    const answer = await visits(
      await post('/rest/bug_user_last_visit', KEYS.admin, { ids: [6, ' 1 ', 'myalias', 6, '3'] }),
    );
    expect(answer.map((v) => v.id)).toEqual([6, 1, 1, 6, 3]);
    expect(new Set(answer.map((v) => v.last_visit_ts)).size).toBe(1);
  });

  it('requires ids: 50', async () => {
    const message = 'The function requires a ids argument, and that argument was not set.';
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.bob), 400, 50, message);
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.bob, {}), 400, 50, message);
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.bob, { ids: [] }), 400, 50, message);
    await expectBugzillaError(await post('/rest/bug_user_last_visit/1', KEYS.bob, { ids: [] }), 400, 50, message);
  });

  it.each([[[{}]], [[[1]]], [[true]], [[1, false]], [{ a: 1 }]])(
    'rejects the non-scalar ids %j with 58',
    async (ids) => {
      await expectBugzillaError(
        await post('/rest/bug_user_last_visit', KEYS.bob, { ids }),
        400,
        58,
        'The ids parameter must be an array of scalars (integers and/or strings).',
      );
    },
  );

  it.each([
    ['abc', "'abc' is not a valid bug number nor an alias to a bug."],
    [-1, "'-1' is not a valid bug number nor an alias to a bug."],
    ['-1', "'-1' is not a valid bug number nor an alias to a bug."],
    [3.7, "'3.7' is not a valid bug number nor an alias to a bug."],
    ['', VALID_NUMBER],
    [null, VALID_NUMBER],
    [0, VALID_NUMBER],
    ['0', VALID_NUMBER],
    [999, VALID_NUMBER],
    ['99999999999999999999999', VALID_NUMBER],
  ])('rejects the id %j with 100', async (id, message) => {
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.bob, { ids: [id] }), 400, 100, message);
  });

  it('rejects an invalid path id with 100', async () => {
    await expectBugzillaError(
      await post('/rest/bug_user_last_visit/nosuchalias', KEYS.bob),
      400,
      100,
      "'nosuchalias' is not a valid bug number nor an alias to a bug.",
    );
    await expectBugzillaError(await post('/rest/bug_user_last_visit/0', KEYS.bob), 400, 100, VALID_NUMBER);
  });

  it('is all-or-nothing: one bad id changes nothing', async () => {
    const before = await visits(await api('/rest/bug_user_last_visit/1?ids=6', { key: KEYS.carol }));
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.carol, { ids: [1, 6, 'nope'] }), 400, 100);
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.carol, { ids: [1, 2] }), 401, 102);
    expect(await visits(await api('/rest/bug_user_last_visit/1?ids=6', { key: KEYS.carol }))).toEqual(before);
  });

  it('reports the first failing id in request order', async () => {
    await expectBugzillaError(
      await post('/rest/bug_user_last_visit', KEYS.bob, { ids: [2, 'nope'] }),
      401,
      102,
      'You are not authorized to access bug #2.',
    );
    await expectBugzillaError(await post('/rest/bug_user_last_visit', KEYS.bob, { ids: ['nope', 2] }), 400, 100);
  });
});

describe('visibility (102) and involvement (1300)', () => {
  it.each([
    ['alice, member of the group', KEYS.alice, 2, true],
    ['bob, outside the group', KEYS.bob, 2, false],
    ['bob, on the CC list', KEYS.bob, 3, true],
    ['bob, on a CC list that is not accessible', KEYS.bob, 4, false],
    ['carol, QA contact while useqacontact is off', KEYS.carol, 4, false],
    ['carol, the assignee', KEYS.carol, 5, true],
    ['admin, outside the group of a bug alice reported', KEYS.admin, 2, false],
    ['admin, reporter of bug 3', KEYS.admin, 3, true],
    ['alice, in one of two groups (or_groups on)', KEYS.alice, 5, true],
  ])('%s', async (_name, key, bugId, allowed) => {
    const response = await post(`/rest/bug_user_last_visit/${bugId}`, key);
    if (allowed) expect(response.status).toBe(200);
    else await expectBugzillaError(response, 401, 102, `You are not authorized to access bug #${bugId}.`);
  });

  it('refuses bugs the user is not involved in when strict_involvement is on', async () => {
    const strictApi = httpClient(strict.url);
    await expectBugzillaError(
      await strictApi('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.bob }),
      400,
      1300,
      'Sorry, but you are not involved with Bug 1.',
    );
    expect((await strictApi('/rest/bug_user_last_visit/6', { method: 'POST', key: KEYS.bob })).status).toBe(200);
    expect((await strictApi('/rest/bug_user_last_visit/3', { method: 'POST', key: KEYS.bob })).status).toBe(200);
  });
});

describe('GET /rest/bug_user_last_visit/{id}', () => {
  it('answers each id once, in order, null for bugs never visited', async () => {
    const answer = await visits(
      await api('/rest/bug_user_last_visit/6?ids=1&ids=3&ids=myalias&ids=second-alias', { key: KEYS.carol }),
    );
    expect(answer).toEqual([
      { id: 6, last_visit_ts: '2026-01-01T00:00:00Z' },
      { id: 1, last_visit_ts: expect.stringMatching(TS) },
      { id: 3, last_visit_ts: null },
    ]);
  });

  it('checks neither existence nor visibility (it only reveals the caller’s own records)', async () => {
    expect(await visits(await api('/rest/bug_user_last_visit/4242?ids=2', { key: KEYS.bob }))).toEqual([
      { id: 4242, last_visit_ts: null },
      { id: 2, last_visit_ts: null },
    ]);
  });

  it('answers for query ids without a path id', async () => {
    expect(await visits(await api('/rest/bug_user_last_visit?ids=6', { key: KEYS.carol }))).toEqual([
      { id: 6, last_visit_ts: '2026-01-01T00:00:00Z' },
    ]);
  });

  it('rejects ids that are neither numbers nor aliases', async () => {
    await expectBugzillaError(
      await api('/rest/bug_user_last_visit/nope', { key: KEYS.bob }),
      400,
      100,
      "'nope' is not a valid bug number nor an alias to a bug.",
    );
    await expectBugzillaError(await api('/rest/bug_user_last_visit/0', { key: KEYS.bob }), 400, 100, VALID_NUMBER);
    await expectBugzillaError(await api('/rest/bug_user_last_visit/1?ids=-3', { key: KEYS.bob }), 400, 100);
  });

  it('never shows one user another user’s visits', async () => {
    expect(await visits(await api('/rest/bug_user_last_visit/5', { key: KEYS.admin }))).toEqual([
      { id: 5, last_visit_ts: null },
    ]);
  });
});

describe('GET /rest/bug_user_last_visit (recent)', () => {
  it('lists fixture visits newest first, the later write first within a second', async () => {
    const recent = await visits(await api('/rest/bug_user_last_visit', { key: KEYS.carol }));
    // Bugs 1 and 6 share a second in the fixture; 6 was written later.
    const ids = recent.map((v) => v.id);
    expect(ids.indexOf(6)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(6)).toBeLessThan(ids.indexOf(1) === -1 ? Number.POSITIVE_INFINITY : ids.indexOf(1));
  });

  it('keeps the 20 most recent, each bug once, and the later element of a request first', async () => {
    const fixture = standardFixture();
    const many = {
      ...fixture,
      bugs: Array.from({ length: 30 }, (_, i) => ({ id: i + 1 })),
      last_visits: Array.from({ length: 30 }, (_, i) => ({
        user: 'bob@example.com',
        bug_id: i + 1,
        last_visit_ts: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T00:00:00Z`,
      })),
      instance: { parameters: { last_visit_keep_days: '0' } },
    };
    const own = await startServer({ fixture: many });
    try {
      const ownApi = httpClient(own.url);
      const fromFixture = await visits(await ownApi('/rest/bug_user_last_visit', { key: KEYS.bob }));
      expect(fromFixture).toHaveLength(20);
      // Days 20..11 hold one bug each; days 10..6 hold two (bugs n and n+20): the later write first.
      expect(fromFixture.map((v) => v.id)).toEqual([
        20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 30, 10, 29, 9, 28, 8, 27, 7, 26, 6,
      ]);
      await ownApi('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.bob, json: { ids: [3, 7, 3] } });
      const after = await visits(await ownApi('/rest/bug_user_last_visit', { key: KEYS.bob }));
      expect(after.slice(0, 2).map((v) => v.id)).toEqual([3, 7]);
      expect(new Set(after.map((v) => v.id)).size).toBe(20);
    } finally {
      await own.stop();
    }
  });

  it('is empty for a user with no visits', async () => {
    const fresh = await startServer({ fixture: standardFixture() });
    try {
      expect(await visits(await httpClient(fresh.url)('/rest/bug_user_last_visit', { key: KEYS.alice }))).toEqual([]);
    } finally {
      await fresh.stop();
    }
  });
});

describe('the database clock', () => {
  it('stamps visits with db_time, which runs db_time_offset_seconds ahead', async () => {
    const skewedApi = httpClient(skewed.url);
    const [visit] = await visits(await skewedApi('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.admin }));
    const time = (await (await skewedApi('/rest/time')).json()) as { db_time: string; web_time: string };
    expect(time).toMatchObject({ web_time: NOW, db_time: '2026-03-01T13:00:00Z' });
    expect(visit?.last_visit_ts).toBe('2026-03-01T13:00:00Z');
  });
});

describe('a last visit never goes back in time', () => {
  it('keeps the later visit when a visit stamped earlier is written after it (every store)', async () => {
    const clocked = await startServer({ fixture: standardFixture(), clock: '2026-05-01T10:00:10Z' });
    try {
      const call = httpClient(clocked.url);
      const visit = () => call('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.bob });
      expect((await visits(await visit()))[0]?.last_visit_ts).toBe('2026-05-01T10:00:10Z');
      // A request whose "now" was taken earlier, committed later (another instance, a slow batch).
      clocked.clock.set('2026-05-01T10:00:09Z');
      expect((await visit()).status).toBe(200);
      const read = await visits(await call('/rest/bug_user_last_visit/1', { key: KEYS.bob }));
      expect(read[0]?.last_visit_ts).toBe('2026-05-01T10:00:10Z');
      clocked.clock.set('2026-05-01T10:00:11Z');
      await visit();
      expect((await visits(await call('/rest/bug_user_last_visit/1', { key: KEYS.bob })))[0]?.last_visit_ts).toBe(
        '2026-05-01T10:00:11Z',
      );
    } finally {
      await clocked.stop();
    }
  });
});
