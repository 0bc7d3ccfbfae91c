import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../platform/memory-platform.js';
import { deadUrl, KEY, startCompanion } from '../testing/companion.js';
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
    const platform = new MemoryPlatform({ trackerUrl: companion.url, apiKey: KEY });
    const state = await new Delivery(platform).recordVisit('first');
    expect(companion.store.lastVisit(userId, 1)).toBeGreaterThan(0);
    expect(state.lastDelivered?.bugs).toEqual(['first']);
    expect(state.queue).toEqual([]);
    expect(state.authModes[companion.url]).toBe('header');
    expect(platform.badge.text).toBe('');
  });

  it('queues visits while the tracker is unreachable and delivers them in one batch later', async () => {
    const url = await deadUrl();
    const platform = new MemoryPlatform({ trackerUrl: url, apiKey: KEY, authPreference: 'header' });
    const delivery = new Delivery(platform);
    await delivery.recordVisit('2');
    const offline = await delivery.recordVisit('first');
    expect(offline.queue.map((v) => v.bug)).toEqual(['2', 'first']);
    expect(offline.problem?.kind).toBe('unreachable');
    expect(platform.badge).toMatchObject({ text: '2', color: '#d97706' });
    expect(platform.badge.title).toMatch(/cannot be reached.*2 visits waiting/);
    const revived = await startCompanion({}, Number(new URL(url).port));
    try {
      const back = await delivery.flush();
      expect(back.queue).toEqual([]);
      expect(back.problem).toBeNull();
      expect(back.lastDelivered?.bugs).toEqual(['2', 'first']);
      expect(revived.store.lastVisit(userId, 2)).toBeGreaterThan(0);
      expect(revived.store.lastVisit(userId, 1)).toBeGreaterThan(0);
    } finally {
      await revived.close();
    }
  });

  it('never sends visits queued for one tracker to another', async () => {
    const platform = new MemoryPlatform({ trackerUrl: await deadUrl(), apiKey: KEY, authPreference: 'header' });
    const delivery = new Delivery(platform);
    await delivery.recordVisit('2');
    platform.settings.trackerUrl = companion.url;
    const state = await delivery.flush();
    expect(state.queue).toEqual([]);
    expect(state.lastDelivered).toBeNull();
    expect(companion.store.lastVisit(userId, 2)).toBeUndefined();
  });

  it('shows the queued count in the queued colour when nothing is wrong', async () => {
    const platform = new MemoryPlatform({ trackerUrl: await deadUrl(), apiKey: KEY, authPreference: 'header' });
    const delivery = new Delivery(platform);
    await delivery.recordVisit('5');
    const state = await delivery.state();
    // The problem outranks the count; once it is cleared the count shows.
    platform.local.set('delivery', { ...state, problem: null });
    await delivery.state();
    expect(platform.badge).toMatchObject({ text: '1', color: '#1f6feb' });
    expect(platform.badge.title).toContain('1 visit waiting');
  });

  it('drops and records a bug the tracker rejects, delivering the others of a batch', async () => {
    const url = await deadUrl();
    const platform = new MemoryPlatform({ trackerUrl: url, apiKey: KEY, authPreference: 'header' });
    const delivery = new Delivery(platform);
    for (const bug of ['1', '3', 'nope', '2']) await delivery.recordVisit(bug);
    const revived = await startCompanion({}, Number(new URL(url).port));
    try {
      const state = await delivery.flush();
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
    const bad = new MemoryPlatform({ trackerUrl: companion.url, apiKey: 'wrong-key' });
    const state = await new Delivery(bad).recordVisit('1');
    expect(state.problem?.kind).toBe('key-invalid');
    expect(state.queue.map((v) => v.bug)).toEqual(['1']);
    expect(bad.badge.title).toContain('rejected the API key');

    const none = new MemoryPlatform({ trackerUrl: companion.url, apiKey: '' });
    const idle = await new Delivery(none).recordVisit('1');
    expect(idle.problem?.kind).toBe('not-configured');
    expect(idle.queue).toEqual([]);
  });

  it('waits for host permission on trackers other than the local companion', async () => {
    const platform = new MemoryPlatform({ trackerUrl: 'https://bugzilla.example.org/', apiKey: KEY });
    const state = await new Delivery(platform).recordVisit('7');
    expect(state.problem).toEqual({ kind: 'no-permission', origin: 'https://bugzilla.example.org/*' });
    expect(state.queue.map((v) => v.bug)).toEqual(['7']);
  });

  it('never loses a visit when pages load at the same time', async () => {
    const platform = new MemoryPlatform({ trackerUrl: await deadUrl(), apiKey: KEY, authPreference: 'header' });
    const delivery = new Delivery(platform);
    const states = await Promise.all(['1', '2', 'first', '1'].map((bug) => delivery.recordVisit(bug)));
    expect(states.at(-1)?.queue.map((v) => v.bug)).toEqual(['1', '2', 'first']);
  });

  it('flags a tracker whose database and web clocks disagree', async () => {
    const skewed = await startCompanion({ db_time_offset_seconds: 120 });
    try {
      const platform = new MemoryPlatform({ trackerUrl: skewed.url, apiKey: KEY });
      const state = await new Delivery(platform).recordVisit('1');
      expect(state.clock?.trackerClocksDisagree).toBe(true);
      expect(platform.badge).toMatchObject({ text: '!' });
      expect(platform.badge.title).toContain('differ by 120 s');
    } finally {
      await skewed.close();
    }
  });
});
