import { describe, expect, it } from 'vitest';
import { type DeliveryState, EMPTY_DELIVERY_STATE } from '../common/delivery-state.js';
import type { Tracker } from '../common/trackers.js';
import { trackerStatus } from './tracker-status.js';

const tracker: Tracker = {
  id: 't',
  url: 'https://a.example/',
  apiKey: 'K',
  authPreference: 'auto',
  recordVisits: true,
};
const state = (patch: Partial<DeliveryState> = {}): DeliveryState => ({
  ...structuredClone(EMPTY_DELIVERY_STATE),
  ...patch,
});
const skew = {
  dbMinusWebSeconds: 120,
  localMinusWebMs: 0,
  localMinusDbMs: 0,
  roundTripMs: 3,
  uncertaintyMs: 1001,
  trackerClocksDisagree: true,
};

describe('trackerStatus (the switcher)', () => {
  it('agrees with what the popup body found: a clock skew the background has not met yet', () => {
    expect(trackerStatus(tracker, state())).toBe('ok');
    expect(trackerStatus(tracker, state(), { problem: null, clock: { ok: true, value: skew } })).toBe('clock skew');
  });

  it('agrees with the body on a 503 found on opening, and on a problem the background met delivering', () => {
    const unavailable = { kind: 'server-error' as const, status: 503, detail: '' };
    expect(trackerStatus(tracker, state(), { problem: unavailable, clock: { ok: false } })).toBe('error');
    expect(trackerStatus(tracker, state({ problem: unavailable }), { problem: null, clock: { ok: false } })).toBe(
      'error',
    );
  });

  it('says what is wrong before what waits', () => {
    const queued = state({ queue: [{ bug: '1', seenAt: 1 }] });
    expect(trackerStatus(tracker, queued)).toBe('queued 1');
    expect(trackerStatus(tracker, { ...queued, problem: { kind: 'unreachable', detail: '' } })).toBe('offline');
    expect(trackerStatus({ ...tracker, apiKey: '' }, queued)).toBe('no key');
  });
});
