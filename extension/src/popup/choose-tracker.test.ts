import { describe, expect, it } from 'vitest';
import { EMPTY_DELIVERY_STATE } from '../common/delivery-state.js';
import type { Tracker } from '../common/trackers.js';
import { choosePopupView, chooseTracker } from './choose-tracker.js';
import { trackerStatus } from './tracker-status.js';

const tracker = (id: string, url: string, patch: Partial<Tracker> = {}): Tracker => ({
  id,
  url,
  apiKey: 'k',
  authPreference: 'auto',
  recordVisits: true,
  ...patch,
});

describe('chooseTracker', () => {
  const trackers = [
    tracker('root', 'https://host/'),
    tracker('sub', 'https://host/bugzilla/'),
    tracker('bmo', 'https://bugzilla.mozilla.org/'),
  ];
  it('opens on the tracker of the active tab, the longest base winning', () => {
    expect(chooseTracker(trackers, 'https://host/bugzilla/buglist.cgi', 'bmo')?.id).toBe('sub');
    expect(chooseTracker(trackers, 'https://host/', 'bmo')?.id).toBe('root');
  });
  it('else on the one used most recently, else the first', () => {
    expect(chooseTracker(trackers, 'https://elsewhere.example/', 'bmo')?.id).toBe('bmo');
    expect(chooseTracker(trackers, null, 'gone')?.id).toBe('root');
    expect(chooseTracker([], null, null)).toBeNull();
  });
});

describe('choosePopupView', () => {
  const trackers = [tracker('a', 'https://a.example/'), tracker('b', 'https://b.example/')];
  const view = (tab: string | null, lastUsed: string | null) => {
    const { all, tracker: shown } = choosePopupView(trackers, tab, lastUsed);
    return `${all ? 'all' : 'one'}:${shown?.id}`;
  };
  it('opens on All trackers, the last used tracker loaded below for when it is chosen', () => {
    expect(view(null, 'b')).toBe('all:b');
    expect(view(null, null)).toBe('all:a');
  });
  it('the active tab’s tracker comes first: the bug in front of the user', () => {
    expect(view('https://a.example/show_bug.cgi?id=1', 'b')).toBe('one:a');
  });
  it('with one tracker opens on that tracker', () => {
    expect(choosePopupView(trackers.slice(0, 1), null, null)).toEqual({ all: false, tracker: trackers[0] });
  });
});

describe('trackerStatus', () => {
  const state = (patch: Partial<typeof EMPTY_DELIVERY_STATE>) => ({
    ...structuredClone(EMPTY_DELIVERY_STATE),
    ...patch,
  });
  const t = tracker('t', 'https://host/');
  it.each([
    [state({}), 'ok'],
    [
      state({
        queue: [
          { bug: '1', seenAt: 0 },
          { bug: '2', seenAt: 0 },
        ],
      }),
      'queued 2',
    ],
    [state({ problem: { kind: 'unreachable', detail: '' }, queue: [{ bug: '1', seenAt: 0 }] }), 'offline'],
    [state({ problem: { kind: 'key-invalid', detail: '' } }), 'key rejected'],
    [
      state({
        clock: {
          at: 0,
          dbMinusWebSeconds: 120,
          trackerClocksDisagree: true,
          localMinusWebMs: 0,
          uncertaintyMs: 0,
          roundTripMs: 0,
        } as never,
      }),
      'clock skew',
    ],
  ])('%#: %s', (delivery, word) => {
    expect(trackerStatus(t, delivery)).toBe(word);
  });
  it('says when this device has no key', () => {
    expect(trackerStatus({ ...t, apiKey: '' }, null)).toBe('no key');
  });
});
