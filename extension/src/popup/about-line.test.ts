import { describe, expect, it } from 'vitest';
import { aboutLine } from './about-line.js';

const skew = (localMinusWebMs: number, dbMinusWebSeconds = 0) => ({
  dbMinusWebSeconds,
  localMinusWebMs,
  localMinusDbMs: localMinusWebMs,
  roundTripMs: 8,
  uncertaintyMs: 1004,
  trackerClocksDisagree: Math.abs(dbMinusWebSeconds) > 2,
});

describe('aboutLine', () => {
  it('says the version and that the clock is fine, folded', () => {
    expect(aboutLine('5.2.1', skew(400))).toMatchObject({ text: 'Bugzilla 5.2.1 · clock ok', clockOff: false });
  });

  it("says which way the tracker's clock is off from the browser's, and opens", () => {
    // The browser 3.2 s behind the tracker: the tracker's clock is ahead.
    expect(aboutLine('5.2.1', skew(-3200))).toMatchObject({ text: 'Bugzilla 5.2.1 · clock 3 s ahead', clockOff: true });
    expect(aboutLine('5.2.1', skew(5000)).text).toBe('Bugzilla 5.2.1 · clock 5 s behind');
  });

  it("names the tracker's own clocks disagreeing before the browser's", () => {
    const line = aboutLine('5.2', skew(-9000, 120));
    expect(line).toMatchObject({ text: 'Bugzilla 5.2 · database clock 120 s ahead', clockOff: true });
    expect(line.title).toBe("The tracker's database clock is 120 s ahead of its web server.");
  });

  it('leaves out what the tracker did not tell', () => {
    expect(aboutLine(null, null)).toEqual({ text: '', clockOff: false, title: null });
    expect(aboutLine('5.0', null).text).toBe('Bugzilla 5.0');
  });
});
