import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { MAX_LOGIN_ATTEMPTS } from '../../bugzilla/user/login-failures.js';
import { passwordChecks } from '../../login/password-check-limiter.js';

const PASSWORD = 'alice-burst-pw';

let server: InProcessServer;
beforeAll(async () => {
  const fixture = standardFixture();
  server = await serveInProcess({
    ...fixture,
    users: fixture.users.map((user) => (user.login === 'alice@example.com' ? { ...user, password: PASSWORD } : user)),
  });
});
afterAll(() => server.stop());

const login = (password: string) =>
  fetch(`${server.url}/rest/login?login=alice%40example.com&password=${encodeURIComponent(password)}`);

describe('a burst of concurrent password guesses', () => {
  it(`checks at most ${MAX_LOGIN_ATTEMPTS} passwords, locks the right one out too, and writes go on`, async () => {
    const hashedBefore = passwordChecks.started;
    const guesses = Array.from({ length: 200 }, (_, i) => login(`wrong-${i}`));
    const right = login(PASSWORD);
    // A durable write meanwhile still succeeds (its latency is the bench's to measure).
    const visit = fetch(`${server.url}/rest/bug_user_last_visit/1`, {
      method: 'POST',
      headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
    });
    const answers = await Promise.all([...guesses, right]);
    expect((await visit).status).toBe(200);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ token?: string }>;
    expect(bodies.filter((body) => body.token !== undefined)).toEqual([]);
    expect(answers.every((answer) => answer.status === 400 || answer.status === 401)).toBe(true);
    expect(passwordChecks.started - hashedBefore).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    // Still locked out afterwards, right password or not.
    const after = await login(PASSWORD);
    expect(((await after.json()) as { token?: string }).token).toBeUndefined();
  });
});

describe('logins cannot be told apart by timing', () => {
  it('hashes once for an unknown login and for a user without a password, as for a wrong password', async () => {
    for (const login of ['nobody@example.com', 'bob@example.com', 'carol@example.com']) {
      const before = passwordChecks.started;
      const answer = await fetch(`${server.url}/rest/login?login=${encodeURIComponent(login)}&password=guess`);
      expect(answer.status, login).toBe(401);
      expect(passwordChecks.started - before, login).toBe(1);
    }
  });
});

describe('a flood of logins', () => {
  // That a caller past the queue is answered at once, not held behind it, is the limiter's own test
  // (password-check-limiter.test.ts, with checks held): here, that logins go through it, and what they answer.
  it('checks a bounded number of the passwords and answers every login alike', async () => {
    const before = passwordChecks.started;
    const flood = Array.from({ length: 300 }, (_, n) =>
      fetch(`${server.url}/rest/login?login=flood-${n}%40example.com&password=guess`),
    );
    const later = await fetch(`${server.url}/rest/login?login=carol%40example.com&password=guess`);
    const answers = await Promise.all(flood);
    expect(later.status).toBe(401);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { code: number }).code).toBe(300);
    }
    expect(passwordChecks.started - before).toBeLessThan(60);
  });
});
