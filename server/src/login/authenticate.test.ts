import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveFixture } from '../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { expectBugzillaError, httpClient } from '../../testing/http.js';

const INVALID = 'The API key you specified is invalid. Please check that you typed it correctly.';
const REVOKED = 'The API key you specified has been revoked by the user that created it.';
const LOGIN_REQUIRED = 'You must log in before using this part of Bugzilla.';

let open: RunningServer;
let closed: RunningServer;
let api: ReturnType<typeof httpClient>;
let apiLoginRequired: ReturnType<typeof httpClient>;

beforeAll(async () => {
  [open, closed] = await Promise.all([
    serveFixture(standardFixture()),
    serveFixture(standardFixture({ instance: { parameters: { requirelogin: '1', maintainer: 'owner@example.com' } } })),
  ]);
  api = httpClient(open.url);
  apiLoginRequired = httpClient(closed.url);
});
afterAll(async () => {
  await Promise.all([open.stop(), closed.stop()]);
});

const whoami = async (response: Response) => ((await response.json()) as { login: string }).login;

describe('where the API key comes from', () => {
  it('accepts the header, a Bearer token, the query and the body', async () => {
    expect(await whoami(await api('/rest/whoami', { headers: { 'X-BUGZILLA-API-KEY': KEYS.alice } }))).toBe(
      'alice@example.com',
    );
    expect(await whoami(await api('/rest/whoami', { headers: { Authorization: `Bearer ${KEYS.alice}` } }))).toBe(
      'alice@example.com',
    );
    expect(await whoami(await api(`/rest/whoami?Bugzilla_api_key=${KEYS.alice}`))).toBe('alice@example.com');
    expect(await whoami(await api(`/rest/whoami?api_key=${KEYS.alice}`))).toBe('alice@example.com');
    const posted = await api('/rest/bug_user_last_visit/1', { method: 'POST', json: { api_key: KEYS.bob } });
    expect(posted.status).toBe(200);
    const bobs = await api('/rest/bug_user_last_visit/1', { key: KEYS.bob });
    expect(((await bobs.json()) as Array<{ last_visit_ts: string | null }>)[0]?.last_visit_ts).not.toBeNull();
  });

  it('takes the first source present: header, Bearer, query, body', async () => {
    const both = await api(`/rest/whoami?Bugzilla_api_key=${KEYS.bob}`, {
      headers: { 'X-BUGZILLA-API-KEY': KEYS.alice, Authorization: `Bearer ${KEYS.carol}` },
    });
    expect(await whoami(both)).toBe('alice@example.com');
    const bearer = await api(`/rest/whoami?Bugzilla_api_key=${KEYS.bob}`, {
      headers: { Authorization: `Bearer ${KEYS.carol}` },
    });
    expect(await whoami(bearer)).toBe('carol@example.com');
    const queryOverBody = await api(`/rest/bug_user_last_visit/1?api_key=${KEYS.carol}`, {
      method: 'POST',
      json: { api_key: 'wrong' },
    });
    expect(queryOverBody.status).toBe(200);
  });

  it('prefers Bugzilla_api_key over api_key, and the first of a repeated parameter', async () => {
    expect(await whoami(await api(`/rest/whoami?api_key=${KEYS.bob}&Bugzilla_api_key=${KEYS.alice}`))).toBe(
      'alice@example.com',
    );
    expect(await whoami(await api(`/rest/whoami?Bugzilla_api_key=${KEYS.alice}&Bugzilla_api_key=bad`))).toBe(
      'alice@example.com',
    );
  });

  it('treats an empty key as absent', async () => {
    const response = await api(`/rest/whoami?Bugzilla_api_key=&api_key=${KEYS.bob}`, {
      headers: { 'X-BUGZILLA-API-KEY': '' },
    });
    expect(await whoami(response)).toBe('bob@example.com');
    await expectBugzillaError(await api('/rest/whoami?Bugzilla_api_key='), 401, 410);
  });

  it('trims the key as 5.2 does, and a key of only spaces is no key', async () => {
    expect(await whoami(await api(`/rest/whoami?Bugzilla_api_key=%20${KEYS.alice}%20%09`))).toBe('alice@example.com');
    const posted = await api('/rest/bug_user_last_visit/1', { method: 'POST', json: { api_key: ` ${KEYS.carol}\n` } });
    expect(posted.status).toBe(200);
    await expectBugzillaError(await api('/rest/whoami?Bugzilla_api_key=%20%20'), 401, 410);
    expect(await whoami(await api(`/rest/whoami?Bugzilla_api_key=%20&api_key=${KEYS.bob}`))).toBe('bob@example.com');
  });

  it('never authenticates with a cookie', async () => {
    const response = await api('/rest/whoami', { headers: { Cookie: `Bugzilla_api_key=${KEYS.alice}` } });
    await expectBugzillaError(response, 401, 410);
  });
});

describe('bad credentials', () => {
  it('rejects an unknown key, and a key in the wrong letter case, with 306', async () => {
    await expectBugzillaError(await api('/rest/whoami', { key: 'nope' }), 400, 306, INVALID);
    await expectBugzillaError(await api('/rest/whoami', { key: KEYS.alice.toLowerCase() }), 400, 306, INVALID);
  });

  it('rejects a revoked key with its own 306 message', async () => {
    await expectBugzillaError(await api('/rest/time', { key: KEYS.revoked }), 400, 306, REVOKED);
  });

  it('rejects a disabled account with 301 and its disabled text', async () => {
    await expectBugzillaError(
      await api('/rest/time', { key: KEYS.disabled }),
      401,
      301,
      'Spammer. If you believe your account should be restored, please send email to admin@example.com explaining why.',
    );
  });

  it('is ignored by version and timezone, as in 5.2', async () => {
    expect((await api('/rest/version', { key: 'nope' })).status).toBe(200);
    expect((await api('/rest/timezone', { key: KEYS.revoked })).status).toBe(200);
    expect((await api('/rest/version', { key: KEYS.disabled })).status).toBe(200);
  });

  it('is evaluated by parameters, extensions, time and last_audit_time', async () => {
    for (const path of ['/rest/parameters', '/rest/extensions', '/rest/time', '/rest/last_audit_time']) {
      await expectBugzillaError(await api(path, { key: 'nope' }), 400, 306, INVALID);
    }
  });
});

describe('requirelogin', () => {
  it('answers 410 to anonymous calls of everything but version, timezone and parameters', async () => {
    for (const path of ['/rest/extensions', '/rest/time', '/rest/last_audit_time', '/rest/whoami']) {
      await expectBugzillaError(await apiLoginRequired(path), 401, 410, LOGIN_REQUIRED);
    }
    for (const path of ['/rest/version', '/rest/timezone', '/rest/parameters']) {
      expect((await apiLoginRequired(path)).status).toBe(200);
    }
  });

  it('lets a logged-in caller through', async () => {
    expect((await apiLoginRequired('/rest/time', { key: KEYS.bob })).status).toBe(200);
  });

  it('uses the maintainer parameter in the disabled-account message', async () => {
    await expectBugzillaError(
      await apiLoginRequired('/rest/time', { key: KEYS.disabled }),
      401,
      301,
      /owner@example\.com/,
    );
  });
});

describe('last-visit methods and whoami need a user even without requirelogin', () => {
  it.each([
    ['GET', '/rest/bug_user_last_visit'],
    ['GET', '/rest/bug_user_last_visit/1'],
    ['POST', '/rest/bug_user_last_visit/1'],
    ['GET', '/rest/whoami'],
  ])('%s %s anonymous -> 410', async (method, path) => {
    await expectBugzillaError(await api(path, { method }), 401, 410, LOGIN_REQUIRED);
  });
});

describe('order of checks', () => {
  it('reads the body before credentials: anonymous malformed JSON is 32000', async () => {
    await expectBugzillaError(await api('/rest/bug_user_last_visit', { method: 'POST', body: '{nope' }), 400, 32000);
  });

  it('checks login before parameters: anonymous POST without ids is 410', async () => {
    await expectBugzillaError(await api('/rest/bug_user_last_visit', { method: 'POST' }), 401, 410);
  });

  it('checks credentials before parameters: a bad key without ids is 306', async () => {
    await expectBugzillaError(await api('/rest/bug_user_last_visit', { method: 'POST', key: 'nope' }), 400, 306);
  });
});

describe('whoami', () => {
  it('answers id, name, real_name and login', async () => {
    const response = await api('/rest/whoami', { key: KEYS.alice });
    expect(await response.json()).toEqual({
      id: 2,
      name: 'alice@example.com',
      real_name: 'Alice',
      login: 'alice@example.com',
    });
  });
});
