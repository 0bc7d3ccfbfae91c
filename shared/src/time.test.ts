import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeClockSkew, formatBugzillaTime, parseBugzillaTime } from './time.js';

describe('Bugzilla timestamps', () => {
  it('round-trips YYYY-MM-DDThh:mm:ssZ', () => {
    const ms = parseBugzillaTime('2026-11-21T16:20:40Z');
    expect(ms).toBe(Date.UTC(2026, 10, 21, 16, 20, 40));
    expect(formatBugzillaTime(ms)).toBe('2026-11-21T16:20:40Z');
  });

  it('truncates to the second like Bugzilla', () => {
    expect(formatBugzillaTime(Date.UTC(2026, 0, 1, 0, 0, 0, 999))).toBe('2026-01-01T00:00:00Z');
  });

  it.each(['2026-11-21 16:20:40', '2026-11-21T16:20:40.000Z', '2026-02-30T00:00:00Z', '2026-11-21T24:00:00Z', ''])(
    'rejects %j',
    (text) => {
      expect(() => parseBugzillaTime(text)).toThrow(RangeError);
    },
  );
});

describe('computeClockSkew', () => {
  it('compares the local midpoint with the middle of the server second', () => {
    const web = Date.UTC(2026, 0, 1, 12, 0, 0);
    const skew = computeClockSkew({
      sentAt: web + 100,
      receivedAt: web + 900,
      dbTime: '2026-01-01T12:00:00Z',
      webTime: '2026-01-01T12:00:00Z',
    });
    expect(skew).toMatchObject({ localMinusWebMs: 0, localMinusDbMs: 0, roundTripMs: 800, dbMinusWebSeconds: 0 });
    expect(skew.uncertaintyMs).toBe(1400);
    expect(skew.trackerClocksDisagree).toBe(false);
  });

  it('flags db and web clocks more than a second apart', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const skew = computeClockSkew({
      sentAt: now,
      receivedAt: now,
      dbTime: '2026-01-01T12:02:00Z',
      webTime: '2026-01-01T12:00:00Z',
    });
    expect(skew.dbMinusWebSeconds).toBe(120);
    expect(skew.trackerClocksDisagree).toBe(true);
    expect(skew.localMinusDbMs).toBe(-120_500);
  });

  it('does not flag exactly one second', () => {
    const skew = computeClockSkew({
      sentAt: 0,
      receivedAt: 0,
      dbTime: '2026-01-01T12:00:01Z',
      webTime: '2026-01-01T12:00:00Z',
    });
    expect(skew.trackerClocksDisagree).toBe(false);
  });
});

describe('formatBugzillaTime against toISOString', () => {
  it('agrees for any instant, negative and fractional ones, and years at both ends', () => {
    const reference = (ms: number) => `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (ms) => {
        expect(formatBugzillaTime(ms)).toBe(reference(ms));
      }),
      { numRuns: 5000 },
    );
    for (const ms of [0, -1, 999, 1000, 86_399_999, 1_764_000_000_000.7, -62_167_219_200_000, 253_402_300_799_999]) {
      expect(formatBugzillaTime(ms)).toBe(reference(ms));
    }
    expect(formatBugzillaTime(253_402_300_800_000)).toBe(reference(253_402_300_800_000));
  });
});
