import { describe, expect, it } from 'vitest';
import { browserClock } from './InstanceDetails.js';

const skew = (localMinusWebMs: number) => ({
  dbMinusWebSeconds: 0,
  localMinusWebMs,
  localMinusDbMs: localMinusWebMs,
  roundTripMs: 8,
  uncertaintyMs: 1004,
  trackerClocksDisagree: false,
});

describe('browserClock', () => {
  it('within the uncertainty it matches: the noise never flips between ahead and behind', () => {
    expect(browserClock(skew(400)).text).toBe("Your browser's clock matches the tracker's (within 1.0 s).");
    expect(browserClock(skew(-400)).text).toBe(browserClock(skew(400)).text);
    expect(browserClock(skew(400)).off).toBe(false);
  });

  it('beyond it, says which way and what to do', () => {
    expect(browserClock(skew(5200))).toEqual({
      text: "Your browser's clock is 5.2 s ahead of the tracker's: check your system time.",
      off: true,
    });
    expect(browserClock(skew(-5200)).text).toContain('5.2 s behind');
  });
});
