import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { expectBugzillaError } from '../../../testing/http.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { startServer } from '../../../testing/test-server.js';
import { createApp } from '../../app.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { journalPathFor } from '../../stores/file/data-file.js';
import { openFileStore } from '../../stores/file/file-store.js';

const ALICE_PASSWORD = 'alice-secret-pw';
const GONE_PASSWORD = 'gone-secret-pw';

/** The standard fixture with passwords for alice and the disabled user (bob has none). */
function fixtureWithPasswords() {
  const fixture = standardFixture();
  return {
    ...fixture,
    users: fixture.users.map((user) =>
      user.login === 'alice@example.com'
        ? { ...user, password: ALICE_PASSWORD }
        : user.login === 'gone@example.com'
          ? { ...user, password: GONE_PASSWORD }
          : user,
    ),
  };
}

const loginPath = (login: string, password: string) =>
  `/rest/login?login=${encodeURIComponent(login)}&password=${encodeURIComponent(password)}`;

let server: InProcessServer;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

beforeAll(async () => {
  server = await serveInProcess(fixtureWithPasswords());
});
afterAll(() => server.stop());

async function logIn(): Promise<string> {
  const response = await get(loginPath('alice@example.com', ALICE_PASSWORD));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: number; token: string };
  expect(body.id).toBe(2);
  expect(body.token).toMatch(/^2-[A-Za-z0-9]{10}$/);
  return body.token;
}

describe('logging in and out (default profile)', () => {
  it('a token from /rest/login works in the query, the body and the header, until logout', async () => {
    const token = await logIn();
    const whoami = async (response: Response) => ((await response.json()) as { login: string }).login;
    expect(await whoami(await get(`/rest/whoami?Bugzilla_token=${token}`))).toBe('alice@example.com');
    expect(await whoami(await get(`/rest/whoami?token=${token}`))).toBe('alice@example.com');
    expect(await whoami(await get('/rest/whoami', { 'X-BUGZILLA-TOKEN': token }))).toBe('alice@example.com');
    const posted = await fetch(`${server.url}/rest/bug_user_last_visit/2`, {
      method: 'POST',
      body: JSON.stringify({ Bugzilla_token: token }),
    });
    expect(posted.status).toBe(200);
    expect(await (await get(`/rest/valid_login?login=alice@example.com&token=${token}`)).json()).toEqual({
      result: true,
    });

    expect(await (await get(`/rest/logout?token=${token}`)).json()).toEqual({ result: null });
    await expectBugzillaError(await get(`/rest/whoami?token=${token}`), 400, 32000, /not valid or have expired/);
    await expectBugzillaError(await get(`/rest/valid_login?login=alice@example.com&token=${token}`), 400, 32000);
  });

  it('logging out ends that token only', async () => {
    const [first, second] = [await logIn(), await logIn()];
    await get(`/rest/logout?token=${first}`);
    expect((await get(`/rest/whoami?token=${second}`)).status).toBe(200);
  });

  it('a token of another user id, or with a wrong secret, is refused; one without a dash is no token', async () => {
    const token = await logIn();
    const secret = token.split('-')[1];
    await expectBugzillaError(await get(`/rest/whoami?token=1-${secret}`), 400, 32000);
    await expectBugzillaError(await get('/rest/whoami?token=2-wrongsecret'), 400, 32000);
    await expectBugzillaError(await get('/rest/whoami?token=garbage'), 401, 410);
  });

  it('login and password work on any call, in the query or the headers', async () => {
    const query = await get(`/rest/whoami?Bugzilla_login=alice@example.com&Bugzilla_password=${ALICE_PASSWORD}`);
    expect(((await query.json()) as { id: number }).id).toBe(2);
    const headers = await get('/rest/whoami', {
      'X-BUGZILLA-LOGIN': 'alice@example.com',
      'X-BUGZILLA-PASSWORD': ALICE_PASSWORD,
    });
    expect(((await headers.json()) as { id: number }).id).toBe(2);
    // Even on methods that never look at an API key, a named login is checked.
    await expectBugzillaError(
      await get('/rest/version?login=alice@example.com&password=wrong'),
      401,
      300,
      'The login or password you entered is not valid.',
    );
  });

  it('a wrong password, an unknown login and a user without a password get the same answer', async () => {
    for (const [login, password] of [
      ['alice@example.com', 'wrong'],
      ['nobody@example.com', 'x'],
      ['bob@example.com', ''],
      ['bob@example.com', 'anything'],
    ] as const) {
      await expectBugzillaError(
        await get(loginPath(login, password)),
        401,
        300,
        /^The login or password you entered is not valid\./,
      );
    }
  });

  it('a disabled user is refused after the password is checked', async () => {
    await expectBugzillaError(
      await get(loginPath('gone@example.com', GONE_PASSWORD)),
      401,
      301,
      'Spammer. If you believe your account should be restored, please send email to admin@example.com explaining why.',
    );
    await expectBugzillaError(await get(loginPath('gone@example.com', 'wrong')), 401, 300);
  });

  it('Bugzilla_restrictlogin ties the token to the address that logged in', async () => {
    const response = await get(`${loginPath('alice@example.com', ALICE_PASSWORD)}&Bugzilla_restrictlogin=1`);
    const [userId, secret] = ((await response.json()) as { token: string }).token.split('-') as [string, string];
    expect((await get(`/rest/whoami?token=${userId}-${secret}`)).status).toBe(200);
    expect(server.store.useLoginToken(Number(userId), secret, '10.0.0.9', 0)).toBe(false);
    expect(server.store.useLoginToken(Number(userId), secret, '127.0.0.1', 0)).toBe(true);
  });

  it('asks for the login, then the password', async () => {
    await expectBugzillaError(
      await get('/rest/login'),
      400,
      50,
      'The function requires a login argument, and that argument was not set.',
    );
    await expectBugzillaError(await get('/rest/login?login=alice@example.com'), 400, 50, /a password argument/);
    // An API key is not a login: login ignores it.
    await expectBugzillaError(await get(`/rest/login?Bugzilla_api_key=${KEYS.alice}`), 400, 50, /a login argument/);
  });

  // On the store of this test run (startServer: BZ_TEST_STORE), as the failures are kept by the store.
  it('locks an address out after five failures, and warns before', async () => {
    const locked = await startServer({ fixture: fixtureWithPasswords() });
    try {
      const attempt = () => fetch(`${locked.url}${loginPath('alice@example.com', 'wrong').slice(1)}`);
      await expectBugzillaError(await attempt(), 401, 300, 'The login or password you entered is not valid.');
      await expectBugzillaError(await attempt(), 401, 300, 'The login or password you entered is not valid.');
      await expectBugzillaError(await attempt(), 401, 300, /after 2 more attempt\(s\)/);
      await expectBugzillaError(await attempt(), 401, 300, /after 1 more attempt\(s\)/);
      const lockedOut =
        /^Your IP \(127\.0\.0\.1\) has been locked out of this account until \d{4}-\d\d-\d\d \d\d:\d\d UTC/;
      await expectBugzillaError(await attempt(), 400, 32000, lockedOut);
      await expectBugzillaError(
        await fetch(`${locked.url}${loginPath('alice@example.com', ALICE_PASSWORD).slice(1)}`),
        400,
        32000,
        lockedOut,
      );
      // The API key still works.
      expect((await fetch(`${locked.url}rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': KEYS.alice } })).status).toBe(
        200,
      );
    } finally {
      await locked.stop();
    }
  });

  it('forgets failures 30 minutes old, and a successful login forgets those of its address', async () => {
    const bz = await startServer({ fixture: fixtureWithPasswords(), clock: '2026-11-22T12:00:00Z' });
    try {
      const login = (password: string) => fetch(`${bz.url}${loginPath('alice@example.com', password).slice(1)}`);
      for (let i = 0; i < 4; i++) await login('wrong');
      bz.clock.advance(30 * 60);
      // The four are expired: a fifth is the first again.
      await expectBugzillaError(await login('wrong'), 401, 300, 'The login or password you entered is not valid.');
      for (let i = 0; i < 3; i++) await login('wrong');
      expect((await login(ALICE_PASSWORD)).status).toBe(200);
      // The first since the login, not the fifth.
      await expectBugzillaError(await login('wrong'), 401, 300, 'The login or password you entered is not valid.');
    } finally {
      await bz.stop();
    }
  });
});

describe('a reset (startServer, /__admin/reset)', () => {
  it('forgets lock-outs and tokens', async () => {
    const bz = await startServer({ fixture: fixtureWithPasswords() });
    try {
      const login = (password: string) => fetch(`${bz.url}${loginPath('alice@example.com', password).slice(1)}`);
      const { token } = (await (await login(ALICE_PASSWORD)).json()) as { token: string };
      for (let i = 0; i < 5; i++) await login('wrong');
      await expectBugzillaError(await login(ALICE_PASSWORD), 400, 32000, /locked out/);
      await bz.reset();
      expect((await login(ALICE_PASSWORD)).status).toBe(200);
      await expectBugzillaError(await fetch(`${bz.url}rest/whoami?token=${token}`), 400, 32000);
    } finally {
      await bz.stop();
    }
  });
});

describe('passwords and tokens at rest', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bz-login-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('the data file holds neither passwords nor tokens, and a token survives a restart', async () => {
    const dataFile = join(dir, 'data.json');
    const opened = await openFileStore(dataFile, { create: () => snapshotFromFixture(fixtureWithPasswords()) });
    const app = createApp({ store: opened.store });
    const { createServer } = await import('node:http');
    const http = createServer(app.callback());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
    const { token } = (await (await fetch(`${base}${loginPath('alice@example.com', ALICE_PASSWORD)}`)).json()) as {
      token: string;
    };
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    // A copy taken before the store closes is what a kill -9 leaves: the token is only in the journal.
    const crashedFile = join(dir, 'crashed.json');
    await copyFile(dataFile, crashedFile);
    await copyFile(journalPathFor(dataFile), journalPathFor(crashedFile));
    const journal = await readFile(journalPathFor(dataFile), 'utf8').catch(() => '');
    const beforeClose = `${await readFile(dataFile, 'utf8')}${journal}`;
    await opened.store.close();
    const afterClose = await readFile(dataFile, 'utf8');
    for (const text of [beforeClose, afterClose]) {
      expect(text).not.toContain(ALICE_PASSWORD);
      expect(text).not.toContain(token.split('-')[1]);
      expect(text).toContain('scrypt$');
    }

    const [userId, secret] = token.split('-') as [string, string];
    for (const file of [dataFile, crashedFile]) {
      const reopened = await openFileStore(file);
      try {
        expect(reopened.store.useLoginToken(Number(userId), secret, '127.0.0.1', 0)).toBe(true);
        expect(reopened.store.useLoginToken(Number(userId), 'WrongSecre', '127.0.0.1', 0)).toBe(false);
      } finally {
        await reopened.store.close();
      }
    }
  });
});
