import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHANGE_INTERVAL_SECONDS, plannedAccountOffer } from './account-offers.js';

const T = 1_800_000_000;

describe('plannedAccountOffer (5.2: no second account token for an address within 10 minutes)', () => {
  it('records a first offer, and one for another address', () => {
    expect(plannedAccountOffer([], 'new@example.com', T)).toEqual({ email: 'new@example.com', issued: T });
    const earlier = [{ email: 'new@example.com', issued: T }];
    expect(plannedAccountOffer(earlier, 'other@example.com', T + 1)).toEqual({
      email: 'other@example.com',
      issued: T + 1,
    });
  });

  it('refuses the same address, in any letter case, until the interval has passed', () => {
    const earlier = [{ email: 'new@example.com', issued: T }];
    for (const [email, at] of [
      ['new@example.com', T],
      ['NEW@Example.com', T + ACCOUNT_CHANGE_INTERVAL_SECONDS - 1],
    ] as const) {
      expect(() => plannedAccountOffer(earlier, email, at)).toThrow(
        expect.objectContaining({
          code: 32000,
          message:
            'You have requested an account token too recently to request another. Please wait 10 minutes then try again.',
        }),
      );
    }
    // 5.2's condition is issuedate > NOW() - 10 minutes: exactly 10 minutes later is allowed.
    expect(plannedAccountOffer(earlier, 'new@example.com', T + ACCOUNT_CHANGE_INTERVAL_SECONDS).issued).toBe(
      T + ACCOUNT_CHANGE_INTERVAL_SECONDS,
    );
  });
});
