import { describe, expect, it } from 'vitest';
import { LOCKOUT_SECONDS, LoginFailures, MAX_LOGIN_ATTEMPTS } from './login-failures.js';

describe('failed password logins (5.2 login_failure)', () => {
  it('lock a user out from one address after five within the interval, and not from another', () => {
    const failures = new LoginFailures();
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) failures.note(2, '10.0.0.1', 1000 + i);
    expect(failures.isLockedOut(2, '10.0.0.1', 1010)).toBe(true);
    expect(failures.isLockedOut(2, '10.0.0.2', 1010)).toBe(false);
    expect(failures.isLockedOut(2, '10.0.0.1', 1004 + LOCKOUT_SECONDS)).toBe(false);
  });

  it("are cleared by a successful login for its address only, as 5.2's clear_login_failures deletes them", () => {
    const failures = new LoginFailures();
    for (let i = 0; i < 4; i++) {
      failures.note(2, '10.0.0.1', 1000 + i);
      failures.note(2, '10.0.0.2', 1000 + i);
    }
    failures.clear(2, '10.0.0.2', 1010);
    expect(failures.recent(2, '10.0.0.2', 1010)).toEqual([]);
    expect(failures.recent(2, '10.0.0.1', 1010)).toHaveLength(4);
  });

  it('count failures recorded elsewhere (a Bugzilla) until a successful login here', () => {
    const failures = new LoginFailures();
    const bugzillas = [1001, 1002, 1003, 1004];
    expect(failures.recent(2, '10.0.0.1', 1010, bugzillas)).toEqual(bugzillas);
    failures.note(2, '10.0.0.1', 1005);
    expect(failures.isLockedOut(2, '10.0.0.1', 1010, bugzillas)).toBe(true);
    failures.clear(2, '10.0.0.1', 1010);
    // Bugzilla's rows are still there (not ours to delete) but no longer count; later ones do.
    expect(failures.recent(2, '10.0.0.1', 1020, [...bugzillas, 1015])).toEqual([1015]);
  });
});
