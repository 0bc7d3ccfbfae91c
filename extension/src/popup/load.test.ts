import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Delivery } from '../background/delivery.js';
import { handleMessage } from '../background/messages.js';
import { MemoryPlatform } from '../platform/memory-platform.js';
import { deadUrl, KEY, startCompanion } from '../testing/companion.js';
import { loadPopupData } from './load.js';

let companion: Awaited<ReturnType<typeof startCompanion>>;
beforeAll(async () => {
  companion = await startCompanion();
});
afterAll(async () => {
  await companion.close();
});

/** A platform with a background answering the popup's messages, as in the browser. */
function withBackground(platform: MemoryPlatform) {
  const delivery = new Delivery(platform);
  platform.onMessage((message) => handleMessage(delivery, message));
  return delivery;
}

describe('loadPopupData', () => {
  it('loads every section from a healthy tracker', async () => {
    const platform = new MemoryPlatform({ trackerUrl: companion.url, apiKey: KEY });
    await withBackground(platform).recordVisit('2');
    const data = await loadPopupData(platform);
    expect(data.problem).toBeNull();
    expect(data.login).toBe('me@example.com');
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.extensions).toEqual({ ok: true, value: [{ name: 'BugModal', version: '1.0' }] });
    expect(data.timezone).toEqual({ ok: true, value: '+0000' });
    expect(data.lastAudit).toEqual({ ok: true, value: Date.UTC(2026, 0, 1) });
    expect(data.clock.ok && data.clock.value.trackerClocksDisagree).toBe(false);
    expect(data.recent.ok && data.recent.value.map((v) => v.id)).toEqual([2]);
    expect(data.delivery?.lastDelivered?.bugs).toEqual(['2']);
  });

  it('says the key is invalid, still showing what needs no key', async () => {
    const platform = new MemoryPlatform({ trackerUrl: companion.url, apiKey: 'wrong' });
    withBackground(platform);
    const data = await loadPopupData(platform);
    expect(data.problem?.kind).toBe('key-invalid');
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.timezone).toEqual({ ok: true, value: '+0000' });
    expect(data.login).toBeNull();
  });

  it('says the tracker is unreachable', async () => {
    const platform = new MemoryPlatform({ trackerUrl: await deadUrl(), apiKey: KEY });
    withBackground(platform);
    const data = await loadPopupData(platform);
    expect(data.problem?.kind).toBe('unreachable');
    expect(data.version.ok).toBe(false);
  });

  it('flags db and web clocks more than a second apart', async () => {
    const skewed = await startCompanion({ db_time_offset_seconds: 120 });
    try {
      const platform = new MemoryPlatform({ trackerUrl: skewed.url, apiKey: KEY });
      withBackground(platform);
      const data = await loadPopupData(platform);
      expect(data.clock.ok && data.clock.value.dbMinusWebSeconds).toBe(120);
      expect(data.clock.ok && data.clock.value.trackerClocksDisagree).toBe(true);
    } finally {
      await skewed.close();
    }
  });

  it('asks for a key, but shows the instance, when there is none', async () => {
    const platform = new MemoryPlatform({ trackerUrl: companion.url, apiKey: '' });
    withBackground(platform);
    const data = await loadPopupData(platform);
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.recent).toEqual({ ok: false, problem: { kind: 'not-configured' } });
  });

  it('reports missing host permission for another tracker without calling it', async () => {
    const platform = new MemoryPlatform({ trackerUrl: 'https://bugzilla.example.org/', apiKey: KEY });
    withBackground(platform);
    const data = await loadPopupData(platform);
    expect(data.problem).toEqual({ kind: 'no-permission', origin: 'https://bugzilla.example.org/*' });
  });

  it('calls the 5.2 crash of the recent list what it is: a tracker too old for it', async () => {
    const platform = new MemoryPlatform({ trackerUrl: companion.url, apiKey: KEY });
    withBackground(platform);
    const realFetch = platform.fetch;
    platform.fetch = async (input, init) =>
      String(input).endsWith('/rest/bug_user_last_visit')
        ? new Response('<html><body>Internal Server Error</body></html>', { status: 500 })
        : realFetch(input, init);
    const data = await loadPopupData(platform);
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.recent).toMatchObject({ ok: false, problem: { kind: 'too-old', detail: /Bugzilla 5\.2 cannot list/ } });
  });

  it('marks the recent list as unsupported on a tracker without it', async () => {
    const platform = new MemoryPlatform({ trackerUrl: companion.url, apiKey: KEY });
    withBackground(platform);
    // A tracker that answers 32614 for the recent list behaves like Bugzilla 5.0.
    const realFetch = platform.fetch;
    platform.fetch = (input, init) =>
      String(input).endsWith('/rest/bug_user_last_visit')
        ? realFetch(new URL('rest/no_such_method', companion.url), init)
        : realFetch(input, init);
    const data = await loadPopupData(platform);
    expect(data.recent).toMatchObject({ ok: false, problem: { kind: 'too-old' } });
    expect(data.version.ok).toBe(true);
  });
});
