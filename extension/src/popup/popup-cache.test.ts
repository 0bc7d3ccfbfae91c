import { describe, expect, it } from 'vitest';
import type { Tracker } from '../common/trackers.js';
import type { PopupData } from './load.js';
import { cachedPopupData, forCache } from './popup-cache.js';

const tracker: Tracker = {
  id: 't1',
  url: 'https://bugs.example.com/',
  authPreference: 'auto',
  recordVisits: true,
  apiKey: 'SecretKey',
};
const data = {
  tracker,
  problem: null,
  login: 'me@example.com',
  version: { ok: true, value: '5.2' },
  delivery: null,
} as unknown as PopupData;

describe('the popup cache', () => {
  it('keeps no key, and gives the data back with the current tracker', () => {
    const kept = forCache(data);
    expect(JSON.stringify(kept)).not.toContain('SecretKey');
    expect(cachedPopupData(structuredClone(kept), tracker)).toMatchObject({ tracker, login: 'me@example.com' });
  });

  it('is not shown for a tracker whose URL changed since, nor when there is none', () => {
    const kept = forCache(data);
    expect(cachedPopupData(kept, { ...tracker, url: 'https://other.example.com/' })).toBeNull();
    expect(cachedPopupData(null, tracker)).toBeNull();
    expect(cachedPopupData('garbage', tracker)).toBeNull();
  });
});
