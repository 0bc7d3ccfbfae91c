import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardFixture } from '../../testing/fixtures.js';
import { type InProcessServer, ManualClock, serveInProcess } from '../../testing/in-process-server.js';
import { MAX_LOGIN_ATTEMPTS } from '../bugzilla/user/login-failures.js';
import { passwordChecks } from './password-check-limiter.js';

const clock = new ManualClock(Date.UTC(2026, 0, 10));
let servers: InProcessServer[];

beforeAll(async () => {
  const fixture = standardFixture();
  const withPassword = {
    ...fixture,
    users: fixture.users.map((user) => (user.login === 'alice@example.com' ? { ...user, password: 'alice-pw' } : user)),
  };
  servers = await Promise.all(
    (['bz-companion', 'bugzilla-5.2'] as const).map((profile) => serveInProcess(withPassword, { profile, clock })),
  );
});
afterAll(() => Promise.all(servers.map((server) => server.stop())));

/** Six wrong passwords for `login`: each answer's status, code and message, and the hashes each cost. */
async function guesses(server: InProcessServer, login: string) {
  const answers: Array<{ status: number; code: number; message: string; hashed: number }> = [];
  for (let n = 1; n <= MAX_LOGIN_ATTEMPTS + 1; n++) {
    const before = passwordChecks.started;
    const response = await fetch(`${server.url}/rest/login?login=${encodeURIComponent(login)}&password=wrong${n}`);
    const body = (await response.json()) as { code: number; message: string };
    answers.push({
      status: response.status,
      code: body.code,
      message: body.message,
      hashed: passwordChecks.started - before,
    });
  }
  return answers;
}

describe('an unknown login, under the default profile', () => {
  it('is warned, locked out and hashed exactly as a known login with a wrong password', async () => {
    const server = servers[0] as InProcessServer;
    const known = await guesses(server, 'alice@example.com');
    const unknown = await guesses(server, 'nobody-at-all@example.com');
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.code)).toEqual([300, 300, 300, 300, 32000, 32000]);
    expect(known[2]?.message).toMatch(/after 2 more attempt\(s\)/);
    expect(known[4]?.message).toMatch(/has been locked out of this account until/);
  });

  it('counts a login in any letter case as one, as known logins are', async () => {
    const server = servers[0] as InProcessServer;
    const answers = [];
    for (const login of ['Someone@Example.com', 'someone@example.com', 'SOMEONE@EXAMPLE.COM']) {
      answers.push(((await guesses(server, login))[0] as { code: number }).code);
    }
    expect(answers).toEqual([300, 32000, 32000]);
  });
});

describe('an unknown login, under --profile bugzilla-5.2', () => {
  it('is never locked out: 300 every time, each guess hashed as long as a real one (5.2 counts real accounts only)', async () => {
    const server = servers[1] as InProcessServer;
    const known = await guesses(server, 'alice@example.com');
    expect(known.map((answer) => answer.code)).toEqual([300, 300, 300, 300, 32000, 32000]);
    const unknown = await guesses(server, 'nobody-ever@example.com');
    expect(unknown.map((answer) => answer.code)).toEqual([300, 300, 300, 300, 300, 300]);
    for (const answer of unknown) {
      expect(answer.message).toBe('The login or password you entered is not valid.');
      expect(answer.hashed).toBe(1);
    }
  });
});
