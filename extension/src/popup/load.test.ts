import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bugzilla52, ORACLE_USER_KEY } from '../../testing/bugzilla-52.js';
import { deadUrl, startCompanion } from '../../testing/companion.js';
import type { MemoryPlatform } from '../../testing/memory-platform.js';
import { platformWithTrackers, type TrackerSpec } from '../../testing/trackers.js';
import { handleMessage } from '../background/messages.js';
import { describeProblem, type Problem } from '../common/problems.js';
import { Delivery } from '../visits/delivery.js';
import { loadPopupData } from './load.js';

let companion: Awaited<ReturnType<typeof startCompanion>>;
beforeAll(async () => {
  companion = await startCompanion();
});
afterAll(async () => {
  await companion.close();
});

/** One tracker, and a background answering the popup's messages, as in the browser. */
async function popupOn(spec: TrackerSpec) {
  const { platform, trackers } = await platformWithTrackers(spec);
  const delivery = new Delivery(platform);
  platform.onMessage((message) => handleMessage(delivery, message));
  const tracker = trackers[0] as (typeof trackers)[0];
  return { platform, delivery, tracker, load: () => loadPopupData(platform, tracker) };
}

function failOn(platform: MemoryPlatform, pathEnd: string, answer: () => Promise<Response>) {
  const realFetch = platform.fetch;
  platform.fetch = (input, init) => (String(input).endsWith(pathEnd) ? answer() : realFetch(input, init));
}

describe('loadPopupData', () => {
  it('loads every section from a healthy tracker', async () => {
    const { delivery, load } = await popupOn({ url: companion.url });
    await delivery.recordVisits('t1', ['2']);
    const data = await load();
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
    const { load } = await popupOn({ url: companion.url, apiKey: 'wrong' });
    const data = await load();
    expect(data.problem?.kind).toBe('key-invalid');
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.timezone).toEqual({ ok: true, value: '+0000' });
    expect(data.login).toBeNull();
  });

  it('says the tracker is unreachable', async () => {
    const { load } = await popupOn({ url: await deadUrl() });
    const data = await load();
    expect(data.problem?.kind).toBe('unreachable');
    expect(data.version.ok).toBe(false);
  });

  it('flags db and web clocks more than a second apart', async () => {
    const skewed = await startCompanion({ db_time_offset_seconds: 120 });
    try {
      const { load } = await popupOn({ url: skewed.url });
      const data = await load();
      expect(data.clock.ok && data.clock.value.dbMinusWebSeconds).toBe(120);
      expect(data.clock.ok && data.clock.value.trackerClocksDisagree).toBe(true);
    } finally {
      await skewed.close();
    }
  });

  it('asks for a key, but shows the instance, when there is none', async () => {
    const { load } = await popupOn({ url: companion.url, apiKey: '' });
    const data = await load();
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.recent).toEqual({ ok: false, problem: { kind: 'not-configured' } });
  });

  it('reports missing host permission for another tracker without calling it', async () => {
    const { load } = await popupOn({ url: 'https://bugzilla.example.org/' });
    const data = await load();
    expect(data.problem).toEqual({ kind: 'no-permission', origin: 'https://bugzilla.example.org/*' });
  });

  it('calls the 5.2 crash of the recent list what it is: a tracker too old for it', async () => {
    const { platform, load } = await popupOn({ url: companion.url });
    failOn(
      platform,
      '/rest/bug_user_last_visit',
      async () => new Response('<html><body>Internal Server Error</body></html>', { status: 500 }),
    );
    const data = await load();
    expect(data.version).toEqual({ ok: true, value: '5.2' });
    expect(data.recent).toMatchObject({ ok: false, problem: { kind: 'too-old', detail: /Bugzilla 5\.2 cannot list/ } });
  });

  it('marks the recent list as unsupported on a tracker without it', async () => {
    const { platform, load } = await popupOn({ url: companion.url });
    // A tracker that answers 32614 for the recent list behaves like Bugzilla 5.0.
    failOn(platform, '/rest/bug_user_last_visit', () => fetch(new URL('rest/no_such_method', companion.url)));
    const data = await load();
    expect(data.recent).toMatchObject({ ok: false, problem: { kind: 'too-old' } });
    expect(data.version.ok).toBe(true);
  });

  it('tries a section once more after an empty 200, then shows it', async () => {
    const { platform, load } = await popupOn({ url: companion.url });
    let empties = 1;
    failOn(platform, '/rest/timezone', async () =>
      empties-- > 0 ? new Response('', { status: 200 }) : fetch(new URL('rest/timezone', companion.url)),
    );
    const data = await load();
    expect(data.timezone).toEqual({ ok: true, value: '+0000' });
  });

  it('says "unavailable" (a server error) when the retry is empty too', async () => {
    const { platform, load } = await popupOn({ url: companion.url });
    let calls = 0;
    failOn(platform, '/rest/timezone', async () => {
      calls++;
      return new Response('<html>', { status: 200 });
    });
    const data = await load();
    expect(calls).toBe(2);
    expect(data.timezone).toMatchObject({ ok: false, problem: { kind: 'server-error' } });
    expect(data.version).toEqual({ ok: true, value: '5.2' });
  });

  it('a tracker answering 503 to everything: one problem, in words, not six "unavailable"', async () => {
    const { platform, load } = await popupOn({ url: companion.url });
    platform.fetch = async () =>
      new Response(JSON.stringify({ error: true, code: -32000, message: 'Service Unavailable' }), { status: 503 });
    const data = await load();
    expect(data.problem).toMatchObject({ kind: 'server-error', status: 503 });
    expect(describeProblem(data.problem as Problem)).toBe(
      'The tracker answered 503 (unavailable). Your visits are kept and will be sent.',
    );
  });

  it('shows a Bugzilla 5.2 tracker: key sent in the query, no login to show', async () => {
    const tracker = new Bugzilla52();
    const { platform, load } = await popupOn({ url: tracker.url, apiKey: ORACLE_USER_KEY });
    platform.fetch = tracker.fetch;
    const data = await load();
    expect(data.problem).toBeNull();
    expect(data.login).toBeNull();
    expect(data.recent).toMatchObject({ ok: false, problem: { kind: 'too-old' } });
    expect(tracker.journal).toContain('GET /rest/parameters');
  });
});
