import { describe, expect, it } from 'vitest';
import { type DeliveryState, EMPTY_DELIVERY_STATE } from '../common/delivery-state.js';
import type { TrackerSettings } from '../common/trackers.js';
import { BADGE_CHANGED, BADGE_PROBLEM, badgeFor } from './badge.js';

const tracker = (host: string): TrackerSettings => ({
  id: host,
  url: `https://${host}/`,
  authPreference: 'auto',
  recordVisits: true,
});
const state = (patch: Partial<DeliveryState> = {}): DeliveryState => ({
  ...structuredClone(EMPTY_DELIVERY_STATE),
  ...patch,
});
const offline = state({
  problem: { kind: 'unreachable', detail: 'ECONNREFUSED' },
  queue: [{ bug: '4', seenAt: 1 }],
});

describe('badgeFor', () => {
  it('counts changed bugs in green, and nothing else', () => {
    expect(badgeFor([{ tracker: tracker('a.example'), state: state(), changed: 3 }])).toEqual({
      text: '3',
      color: BADGE_CHANGED,
      title: 'bz-companion\n3 bugs you visited changed since.',
    });
  });

  it('keeps the changed count when a tracker has a problem, adds "!", turns orange and names the tracker', () => {
    const badge = badgeFor([
      { tracker: tracker('a.example'), state: state(), changed: 1 },
      { tracker: tracker('b.example'), state: offline, changed: 0 },
    ]);
    expect(badge.text).toBe('1!');
    expect(badge.color).toBe(BADGE_PROBLEM);
    expect(badge.title).toContain('1 bug you visited changed since.');
    expect(badge.title).toContain('b.example: The tracker cannot be reached.');
    expect(badge.title).toContain('1 visit waiting to be sent.');
    expect(badge.title).not.toContain('a.example');
  });

  it('is "!" alone with a problem and nothing changed; queued visits are never the number', () => {
    expect(badgeFor([{ tracker: tracker('b.example'), state: offline }]).text).toBe('!');
    const onTheirWay = badgeFor([
      { tracker: tracker('a.example'), state: state({ queue: [{ bug: '1', seenAt: 1 }] }) },
    ]);
    expect(onTheirWay).toEqual({ text: '', color: BADGE_CHANGED, title: 'bz-companion' });
  });

  it('marks clock trouble as it marks other trouble, and a tracker without a key not at all', () => {
    const skewed = state({
      clock: {
        dbMinusWebSeconds: 120,
        localMinusWebMs: 0,
        localMinusDbMs: 0,
        roundTripMs: 4,
        uncertaintyMs: 1002,
        trackerClocksDisagree: true,
        at: 1,
      },
    });
    expect(badgeFor([{ tracker: tracker('a.example'), state: skewed, changed: 2 }]).text).toBe('2!');
    const noKey = state({ problem: { kind: 'not-configured' } });
    expect(badgeFor([{ tracker: tracker('a.example'), state: noKey, changed: 2 }]).text).toBe('2');
  });
});
