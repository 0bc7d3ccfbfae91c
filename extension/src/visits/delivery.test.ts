import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, startCompanion } from '../../testing/companion.js';
import { platformWithTrackers } from '../../testing/trackers.js';
import { BADGE_PROBLEM } from './badge.js';
import { Delivery } from './delivery.js';

let companion: Awaited<ReturnType<typeof startCompanion>>;
beforeAll(async () => {
  companion = await startCompanion();
});
afterAll(async () => {
  await companion.close();
});

const userId = 1;

describe('Delivery', () => {
  it('records a visit on the tracker at once', async () => {
    const { platform } = await platformWithTrackers({ url: companion.url });
    const state = await new Delivery(platform).recordVisits('t1', ['first']);
    expect(companion.store.lastVisit(userId, 1)).toBeGreaterThan(0);
    expect(state.lastDelivered?.bugs).toEqual(['first']);
    expect(state.queue).toEqual([]);
    expect(state.authMode).toBe('header');
    expect(platform.badge.text).toBe('');
  });

  it('queues visits while the tracker is unreachable and delivers them in one batch later', async () => {
    const url = await deadUrl();
    const { platform } = await platformWithTrackers({ url, authPreference: 'header' });
    const delivery = new Delivery(platform);
    await delivery.recordVisits('t1', ['2']);
    const offline = await delivery.recordVisits('t1', ['first']);
    expect(offline.queue.map((v) => v.bug)).toEqual(['2', 'first']);
    expect(offline.problem?.kind).toBe('unreachable');
    expect(platform.badge).toMatchObject({ text: '!', color: BADGE_PROBLEM });
    expect(platform.badge.title).toMatch(/cannot be reached.*\n2 visits waiting to be sent/s);
    const revived = await startCompanion({}, Number(new URL(url).port));
    try {
      const back = await delivery.flush('t1');
      expect(back.queue).toEqual([]);
      expect(back.problem).toBeNull();
      expect(back.lastDelivered?.bugs).toEqual(['2', 'first']);
      expect(revived.store.lastVisit(userId, 2)).toBeGreaterThan(0);
      expect(revived.store.lastVisit(userId, 1)).toBeGreaterThan(0);
    } finally {
      await revived.close();
    }
  });

  it('never sends visits queued for a tracker to the URL it was edited to', async () => {
    const { platform, storage, trackers } = await platformWithTrackers({
      url: await deadUrl(),
      authPreference: 'header',
    });
    const delivery = new Delivery(platform);
    await delivery.recordVisits('t1', ['2']);
    await storage.saveTracker({ ...(trackers[0] as (typeof trackers)[0]), url: companion.url });
    const state = await delivery.flush('t1');
    expect(state.queue).toEqual([]);
    expect(state.lastDelivered).toBeNull();
    expect(companion.store.lastVisit(userId, 2)).toBeUndefined();
  });

  it('drops and records a bug the tracker rejects, delivering the others of a batch', async () => {
    const url = await deadUrl();
    const { platform } = await platformWithTrackers({ url, authPreference: 'header' });
    const delivery = new Delivery(platform);
    for (const bug of ['1', '3', 'nope', '2']) await delivery.recordVisits('t1', [bug]);
    const revived = await startCompanion({}, Number(new URL(url).port));
    try {
      const state = await delivery.flush('t1');
      expect(state.queue).toEqual([]);
      expect(state.failures.map((f) => [f.bug, f.code])).toEqual([
        ['nope', 100],
        ['3', 102],
      ]);
      expect(state.lastDelivered?.bugs).toEqual(['2']);
      expect(revived.store.lastVisit(userId, 1)).toBeGreaterThan(0);
    } finally {
      await revived.close();
    }
  });

  it('keeps visits but reports a rejected key, and sends nothing without a key', async () => {
    const bad = await platformWithTrackers({ url: companion.url, apiKey: 'wrong-key' });
    const state = await new Delivery(bad.platform).recordVisits('t1', ['1']);
    expect(state.problem?.kind).toBe('key-invalid');
    expect(state.queue.map((v) => v.bug)).toEqual(['1']);
    expect(bad.platform.badge.title).toContain('rejected this API key');

    const none = await platformWithTrackers({ url: companion.url, apiKey: '' });
    const idle = await new Delivery(none.platform).recordVisits('t1', ['1']);
    expect(idle.problem?.kind).toBe('not-configured');
    expect(idle.queue).toEqual([]);
  });

  it('waits for host permission on trackers other than the local companion', async () => {
    const { platform } = await platformWithTrackers({ url: 'https://bugzilla.example.org/' });
    const state = await new Delivery(platform).recordVisits('t1', ['7']);
    expect(state.problem).toEqual({ kind: 'no-permission', origin: 'https://bugzilla.example.org/*' });
    expect(state.queue.map((v) => v.bug)).toEqual(['7']);
  });

  it('never loses a visit when pages load at the same time', async () => {
    const { platform } = await platformWithTrackers({ url: await deadUrl(), authPreference: 'header' });
    const delivery = new Delivery(platform);
    const states = await Promise.all(['1', '2', 'first', '1'].map((bug) => delivery.recordVisits('t1', [bug])));
    expect(states.at(-1)?.queue.map((v) => v.bug)).toEqual(['1', '2', 'first']);
  });

  it('flags a tracker whose database and web clocks disagree', async () => {
    const skewed = await startCompanion({ db_time_offset_seconds: 120 });
    try {
      const { platform } = await platformWithTrackers({ url: skewed.url });
      const state = await new Delivery(platform).recordVisits('t1', ['1']);
      expect(state.clock?.trackerClocksDisagree).toBe(true);
      expect(platform.badge).toMatchObject({ text: '!' });
      expect(platform.badge.title).toContain('differ by 120 s');
    } finally {
      await skewed.close();
    }
  });

  it('forgets nothing of a removed tracker: it writes no state back', async () => {
    const { platform, storage } = await platformWithTrackers({ url: await deadUrl(), authPreference: 'header' });
    const delivery = new Delivery(platform);
    await delivery.recordVisits('t1', ['2']);
    await storage.removeTracker('t1');
    await delivery.flush('t1');
    expect([...platform.local.data.keys()].filter((key) => key.includes('t1'))).toEqual([]);
  });
});
