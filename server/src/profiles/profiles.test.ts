import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { expectBugzillaError } from '../../testing/http.js';
import { type InProcessServer, serveInProcess } from '../../testing/in-process-server.js';
import { startServer } from '../../testing/test-server.js';
import type { ProfileName } from './profile.js';
import { PROFILES } from './profiles.js';

/*
 * What each profile changes, one tracker at a time, over HTTP. The standard
 * fixture: bug 1 (alias myalias) is admin's; alice is in group secret; bob is
 * in CC of the secret bugs 3 and 4; bug 6 is bob's.
 */

type Call = (path: string, init?: RequestInit & { key?: string; json?: unknown }) => Promise<Response>;

function fixtureWithoutVersion() {
  const fixture = standardFixture();
  const { version: _version, ...instance } = fixture.instance;
  return { ...fixture, instance };
}

function serverFor(profile: ProfileName | undefined, fixture: unknown = standardFixture()) {
  const state: { server?: InProcessServer } = {};
  beforeAll(async () => {
    state.server = await serveInProcess(fixture, profile ? { profile } : {});
  });
  afterAll(() => state.server?.stop());
  const call: Call = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.key) headers.set('X-BUGZILLA-API-KEY', init.key);
    const body = init.json === undefined ? init.body : JSON.stringify(init.json);
    return fetch(`${state.server?.url}${path}`, { ...init, headers, body: body ?? null });
  };
  return call;
}

const json = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.json();
};
const validLogin = async (call: Call, login: string, init: RequestInit & { key?: string } = {}, query = '') =>
  ((await json(await call(`/rest/valid_login?login=${login}${query}`, init))) as { result: boolean }).result;
const documentationOf = async (response: Response) =>
  ((await response.json()) as { documentation: string }).documentation;

describe('bz-companion (the default): the contract', () => {
  const call = serverFor('bz-companion');

  it('has whoami and the no-id last-visit routes, reads the key header and Bearer', async () => {
    expect(await json(await call('/rest/whoami', { key: KEYS.alice }))).toMatchObject({ login: 'alice@example.com' });
    expect(await validLogin(call, 'alice@example.com', { headers: { Authorization: `Bearer ${KEYS.alice}` } })).toBe(
      true,
    );
    expect(
      await json(await call('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.admin, json: { ids: [1] } })),
    ).toHaveLength(1);
    expect(await json(await call('/rest/bug_user_last_visit', { key: KEYS.admin }))).toHaveLength(1);
  });

  it('requires a login for visits, and records any visible bug unless strict_involvement is on', async () => {
    await expectBugzillaError(await call('/rest/bug_user_last_visit/1', { method: 'POST' }), 401, 410);
    expect((await call('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.alice })).status).toBe(200);
  });

  it('reads include/exclude_fields from the query only, and answers HEAD like GET', async () => {
    const posted = await call('/rest/bug_user_last_visit/1', {
      method: 'POST',
      key: KEYS.admin,
      json: { exclude_fields: ['id'] },
    });
    expect(Object.keys(((await json(posted)) as object[])[0] ?? {}).sort()).toEqual(['id', 'last_visit_ts']);
    expect((await call('/rest/version', { method: 'HEAD' })).status).toBe(200);
  });

  it('takes the first value of a key sent twice', async () => {
    expect(await validLogin(call, 'bob@example.com', {}, `&Bugzilla_api_key=${KEYS.bob}&Bugzilla_api_key=x`)).toBe(
      true,
    );
  });

  it('points errors at its own documentation', async () => {
    expect(await documentationOf(await call('/rest/nope'))).toBe(PROFILES['bz-companion'].documentationUrl);
  });
});

describe('bugzilla-5.2', () => {
  const call = serverFor('bugzilla-5.2', fixtureWithoutVersion());

  it('has no whoami and no no-id last-visit routes; digits only as the id', async () => {
    await expectBugzillaError(
      await call('/rest/whoami', { key: KEYS.alice }),
      404,
      32614,
      "A REST API resource was not found for 'GET /whoami'.",
    );
    await expectBugzillaError(await call('/rest/bug_user_last_visit', { key: KEYS.admin }), 404, 32614);
    await expectBugzillaError(
      await call('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.admin, json: { ids: [1] } }),
      404,
      32614,
    );
    await expectBugzillaError(
      await call(`/rest/bug_user_last_visit/myalias?Bugzilla_api_key=${KEYS.admin}`, { method: 'POST' }),
      404,
      32614,
      "A REST API resource was not found for 'POST /bug_user_last_visit/myalias'.",
    );
  });

  it('ignores the API key header and Bearer: the request is anonymous', async () => {
    expect(await validLogin(call, 'alice@example.com', { key: KEYS.alice })).toBe(false);
    expect(await validLogin(call, 'alice@example.com', { headers: { Authorization: `Bearer ${KEYS.alice}` } })).toBe(
      false,
    );
    expect((await call('/rest/time', { key: 'not a key' })).status).toBe(200);
  });

  it('refuses a key sent twice, as Perl reads it as a list', async () => {
    await expectBugzillaError(
      await call(`/rest/time?Bugzilla_api_key=${KEYS.bob}&Bugzilla_api_key=${KEYS.bob}`),
      400,
      306,
      'The API key you specified is invalid. Please check that you typed it correctly.',
    );
  });

  it('lets api_key win over Bugzilla_api_key', async () => {
    expect(await validLogin(call, 'alice@example.com', {}, `&Bugzilla_api_key=${KEYS.bob}&api_key=${KEYS.alice}`)).toBe(
      true,
    );
  });

  it('answers visits as 5.2: not involved is 32000, anonymous is not asked to log in', async () => {
    await expectBugzillaError(
      await call(`/rest/bug_user_last_visit/1?Bugzilla_api_key=${KEYS.alice}`, { method: 'POST' }),
      400,
      32000,
      'Sorry, but you are not involved with Bug 1.',
    );
    await expectBugzillaError(await call('/rest/bug_user_last_visit/1', { method: 'POST' }), 400, 32000);
    await expectBugzillaError(
      await call('/rest/bug_user_last_visit/2', { method: 'POST' }),
      401,
      102,
      'You are not authorized to access bug #2. To see this bug, you must first log in to an account with the appropriate permissions.',
    );
  });

  it('merges parameters as Perl does: a query id overrides, a null body id is an id', async () => {
    const posted = await call(`/rest/bug_user_last_visit/1?Bugzilla_api_key=${KEYS.bob}&ids=6`, {
      method: 'POST',
      json: { ids: [1] },
    });
    expect(((await json(posted)) as Array<{ id: number }>).map((visit) => visit.id)).toEqual([6]);
    await expectBugzillaError(
      await call(`/rest/bug_user_last_visit/6?Bugzilla_api_key=${KEYS.bob}`, { method: 'POST', json: { ids: null } }),
      400,
      100,
      'You must enter a valid bug number!',
    );
  });

  it('merges form-field ids with the path id, and reads a body without a Content-Type as a form', async () => {
    const ids = async (response: Response) => ((await json(response)) as Array<{ id: number }>).map((v) => v.id);
    const form = await call(`/rest/bug_user_last_visit/6?Bugzilla_api_key=${KEYS.bob}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'ids=3&ids=6',
    });
    expect(await ids(form)).toEqual([6, 3]);
    // A byte body makes fetch send no Content-Type: 5.2 then reads form fields, so the JSON's ids are lost.
    const untyped = await call(`/rest/bug_user_last_visit/6?Bugzilla_api_key=${KEYS.bob}`, {
      method: 'POST',
      body: new TextEncoder().encode('{"ids":[3]}'),
    });
    expect(await ids(untyped)).toEqual([6]);
  });

  it("routes only a path's own methods: HEAD is unknown, OPTIONS lists GET and POST", async () => {
    const head = await call('/rest/version', { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([404, '']);
    const options = await call('/rest/bug_user_last_visit/1', { method: 'OPTIONS' });
    expect(options.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'POST']);
    expect(options.headers.get('access-control-allow-headers')).toBe('origin, content-type, accept, x-requested-with');
  });

  it('narrows an answer by include/exclude_fields in a JSON body too', async () => {
    const posted = await call(`/rest/bug_user_last_visit/6?Bugzilla_api_key=${KEYS.bob}`, {
      method: 'POST',
      json: { exclude_fields: ['id'] },
    });
    expect(Object.keys(((await json(posted)) as object[])[0] ?? {})).toEqual(['last_visit_ts']);
  });

  it('crashes on every GET of a last visit, in an HTTP 200', async () => {
    const response = await call(`/rest/bug_user_last_visit/6?Bugzilla_api_key=${KEYS.bob}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: number; message: string };
    expect(body.code).toBe(100500);
    expect(body.message).toMatch(/^Can't locate object method "id" via package "6"/);
  });

  it('lists 31 parameters to a logged-in user, keeps only Bugzilla:: audit classes, says version 5.2', async () => {
    const { parameters } = (await json(await call(`/rest/parameters?Bugzilla_api_key=${KEYS.bob}`))) as {
      parameters: Record<string, string>;
    };
    expect(Object.keys(parameters)).toHaveLength(31);
    expect(parameters).not.toHaveProperty('emailregexp');
    const all = await json(await call('/rest/last_audit_time'));
    expect(await json(await call('/rest/last_audit_time?class=Tracker::Product'))).toEqual(all);
    expect(await json(await call('/rest/version'))).toEqual({ version: '5.2' });
  });

  it('points errors at 5.2 documentation', async () => {
    expect(await documentationOf(await call('/rest/nope'))).toBe('https://bugzilla.readthedocs.org/en/5.0/api/');
  });
});

describe('bugzilla-5.1', () => {
  const call = serverFor('bugzilla-5.1', fixtureWithoutVersion());

  it('has whoami; reads the header, but the query wins', async () => {
    expect(await json(await call('/rest/whoami', { key: KEYS.alice }))).toMatchObject({ login: 'alice@example.com' });
    const both = await call(`/rest/whoami?Bugzilla_api_key=${KEYS.bob}`, { key: KEYS.alice });
    expect(await json(both)).toMatchObject({ login: 'bob@example.com' });
    await expectBugzillaError(await call('/rest/bug_user_last_visit', { key: KEYS.admin }), 404, 32614);
  });

  it('answers not involved with 1300', async () => {
    await expectBugzillaError(
      await call('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.alice }),
      400,
      1300,
      'Sorry, but you are not involved with Bug 1.',
    );
  });

  it('reads visits in request order, unresolved: an alias is bug 0, never visited is null', async () => {
    await json(await call('/rest/bug_user_last_visit/1', { method: 'POST', key: KEYS.admin }));
    const read = (await json(
      await call('/rest/bug_user_last_visit/1?ids=myalias&ids=5&ids=1', { key: KEYS.admin }),
    )) as Array<{
      id: number;
      last_visit_ts: string | null;
    }>;
    expect(read.map((visit) => [visit.id, visit.last_visit_ts === null])).toEqual([
      [1, false],
      [0, true],
      [5, true],
    ]);
  });

  it("lists master's parameters and says version 5.1.2", async () => {
    const { parameters } = (await json(await call('/rest/parameters', { key: KEYS.bob }))) as {
      parameters: Record<string, string>;
    };
    expect(parameters).not.toHaveProperty('cookiepath');
    expect(parameters).toHaveProperty('noresolveonopenblockers');
    expect(await json(await call('/rest/version'))).toEqual({ version: '5.1.2' });
  });
});

describe('bmo', () => {
  const call = serverFor('bmo', fixtureWithoutVersion());

  it('has no parameters and no last_audit_time', async () => {
    await expectBugzillaError(await call('/rest/parameters'), 404, 32614);
    await expectBugzillaError(await call('/rest/last_audit_time'), 404, 32614);
  });

  it('has no PUT /rest/bug, and matches a comment id with digits only (REST/Resources/Bug.pm)', async () => {
    const put = await call('/rest/bug', { method: 'PUT', key: KEYS.admin, json: { ids: [1], whiteboard: '[x]' } });
    await expectBugzillaError(put, 404, 32614, "A REST API resource was not found for 'PUT /bug'.");
    await expectBugzillaError(
      await call('/rest/bug/comment/abc', { key: KEYS.admin }),
      404,
      32614,
      "A REST API resource was not found for 'GET /bug/comment/abc'.",
    );
  });

  it('reads the header first', async () => {
    const both = await call(`/rest/whoami?Bugzilla_api_key=${KEYS.bob}`, { key: KEYS.alice });
    expect(await json(both)).toMatchObject({ name: 'alice@example.com' });
  });

  it('records any visible bug and answers an alias as bug 0; a batch naming an invisible bug is refused whole', async () => {
    const posted = (await json(
      await call('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.carol, json: { ids: [6, 'myalias'] } }),
    )) as Array<{ id: number }>;
    expect(posted.map((visit) => visit.id)).toEqual([6, 0]);
    // Bug->check refuses before BMO's `next unless can_see_bug` (BugUserLastVisit.pm): 102, rolled back.
    await expectBugzillaError(
      await call('/rest/bug_user_last_visit', { method: 'POST', key: KEYS.carol, json: { ids: [5, 2] } }),
      401,
      102,
      'You are not authorized to access bug #2.',
    );
    await expectBugzillaError(await call('/rest/bug_user_last_visit/2', { method: 'POST', key: KEYS.carol }), 401, 102);
    const stored = (await json(await call('/rest/bug_user_last_visit', { key: KEYS.carol }))) as Array<{ id: number }>;
    expect(stored.map((visit) => visit.id)).not.toContain(2);
    expect(stored.map((visit) => visit.id)).not.toContain(5);
  });

  it('lists every stored row by row id (first visit), omits never-visited bugs, and reads a path id alone', async () => {
    // Visits 6, then 1 (the alias), then 6 again: the rows stay in the order they were made.
    await call('/rest/bug_user_last_visit/6', { method: 'POST', key: KEYS.carol });
    const rows = (await json(await call('/rest/bug_user_last_visit', { key: KEYS.carol }))) as Array<{ id: number }>;
    expect(rows.map((visit) => visit.id)).toEqual([6, 1]);
    const some = (await json(await call('/rest/bug_user_last_visit?ids=6&ids=3', { key: KEYS.carol }))) as Array<{
      id: number;
    }>;
    expect(some.map((visit) => visit.id)).toEqual([6]);
    const pathOnly = (await json(await call('/rest/bug_user_last_visit/3?ids=6', { key: KEYS.carol }))) as unknown[];
    expect(pathOnly).toEqual([]);
  });

  it("says BMO's version unless the fixture sets one, and answers a bad token with 307", async () => {
    expect(await json(await call('/rest/version'))).toEqual({ version: '20260820.1' });
    await expectBugzillaError(await call('/rest/time?Bugzilla_token=1-nosuchtoken'), 400, 307);
    expect(await documentationOf(await call('/rest/nope'))).toBe('https://bmo.readthedocs.io/en/latest/api/');
  });
});

describe('the profile a fixture names', () => {
  const call = serverFor(undefined, {
    ...standardFixture(),
    instance: { ...standardFixture().instance, profile: 'bmo' },
  });

  it('is used when the server is given none', async () => {
    await expectBugzillaError(await call('/rest/parameters'), 404, 32614);
  });
});

describe('bugzilla-5.2 with requirelogin', () => {
  const call = serverFor(
    'bugzilla-5.2',
    standardFixture({ instance: { parameters: { requirelogin: '1', maintainer: 'admin@example.com' } } }),
  );

  it('asks anonymous callers to log in everywhere but version, timezone, parameters and login', async () => {
    for (const path of ['/rest/time', '/rest/extensions', '/rest/last_audit_time', '/rest/bug_user_last_visit/1']) {
      await expectBugzillaError(await call(path), 401, 410, 'You must log in before using this part of Bugzilla.');
    }
    await expectBugzillaError(await call('/rest/bug_user_last_visit/1', { method: 'POST' }), 401, 410);
    for (const path of ['/rest/version', '/rest/timezone', '/rest/parameters']) {
      expect((await call(path)).status).toBe(200);
    }
    await expectBugzillaError(await call('/rest/login'), 400, 50);
  });
});

describe('startServer({ profile })', () => {
  it('answers as that tracker, and a reset keeps it', async () => {
    const bz = await startServer({ fixture: standardFixture(), profile: 'bmo' });
    try {
      expect((await fetch(`${bz.url}rest/parameters`)).status).toBe(404);
      await bz.reset();
      expect((await fetch(`${bz.url}rest/parameters`)).status).toBe(404);
      expect(await (await fetch(`${bz.url}rest/version`)).json()).toEqual({ version: '5.2' });
    } finally {
      await bz.stop();
    }
  });

  it("follows the fixture's profile when given none, also after a reset to another fixture", async () => {
    const bz = await startServer({ fixture: standardFixture() });
    try {
      expect((await fetch(`${bz.url}rest/whoami`)).status).toBe(401);
      await bz.reset({ ...standardFixture(), instance: { ...standardFixture().instance, profile: 'bugzilla-5.2' } });
      expect((await fetch(`${bz.url}rest/whoami`)).status).toBe(404);
    } finally {
      await bz.stop();
    }
  });
});
