import { describe, expect, it } from 'vitest';
import { isLockedOut, LOCKOUT_SECONDS, MAX_LOGIN_ATTEMPTS } from '../../bugzilla/user/login-failures.js';
import { MemoryLoginFailures } from './memory-login-failures.js';

describe('failed password logins in memory (5.2 login_failure)', () => {
  it('lock a user out from one address after five within the interval, and not from another', () => {
    const failures = new MemoryLoginFailures();
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) failures.note(2, '10.0.0.1', 1000 + i);
    expect(isLockedOut(failures.recent(2, '10.0.0.1', 1010) as number[])).toBe(true);
    expect(isLockedOut(failures.recent(2, '10.0.0.2', 1010) as number[])).toBe(false);
    expect(failures.recent(2, '10.0.0.1', 1004 + LOCKOUT_SECONDS)).toEqual([]);
  });

  it("are cleared by a successful login for its address only, as 5.2's clear_login_failures deletes them", () => {
    const failures = new MemoryLoginFailures();
    for (let i = 0; i < 4; i++) {
      failures.note(2, '10.0.0.1', 1000 + i);
      failures.note(2, '10.0.0.2', 1000 + i);
    }
    failures.clear(2, '10.0.0.2', 1010);
    expect(failures.recent(2, '10.0.0.2', 1010)).toEqual([]);
    expect(failures.recent(2, '10.0.0.1', 1010)).toHaveLength(4);
  });

  it('count failures recorded elsewhere (a Bugzilla) until a successful login here', () => {
    let bugzillas = [1001, 1002, 1003, 1004];
    const failures = new MemoryLoginFailures((_userId, _ip, since) => bugzillas.filter((at) => at > since));
    expect(failures.recent(2, '10.0.0.1', 1010)).toEqual(bugzillas);
    failures.note(2, '10.0.0.1', 1005);
    expect(isLockedOut(failures.recent(2, '10.0.0.1', 1010) as number[])).toBe(true);
    failures.clear(2, '10.0.0.1', 1010);
    // Bugzilla's rows are still there (not ours to delete) but no longer count; later ones do.
    bugzillas = [...bugzillas, 1015];
    expect(failures.recent(2, '10.0.0.1', 1020)).toEqual([1015]);
  });
});
