import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, startCompanion } from '../../testing/companion.js';
import { platformWithTrackers } from '../../testing/trackers.js';
import { BADGE_PROBLEM } from './badge.js';
import { Delivery } from './delivery.js';

let a: Awaited<ReturnType<typeof startCompanion>>;
let b: Awaited<ReturnType<typeof startCompanion>>;
beforeAll(async () => {
  [a, b] = await Promise.all([startCompanion(), startCompanion()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const userId = 1;

describe('Several trackers', () => {
  it('sends each visit to its own tracker only', async () => {
    const { platform } = await platformWithTrackers({ url: a.url }, { url: b.url });
    const delivery = new Delivery(platform);
    await delivery.recordVisits('t1', ['1']);
    await delivery.recordVisits('t2', ['2']);
    expect(a.store.lastVisit(userId, 1)).toBeGreaterThan(0);
    expect(a.store.lastVisit(userId, 2)).toBeUndefined();
    expect(b.store.lastVisit(userId, 2)).toBeGreaterThan(0);
    expect(b.store.lastVisit(userId, 1)).toBeUndefined();
  });

  it("delivers to one tracker while another's requests hang", async () => {
    const hanging = 'http://127.0.0.1:9/';
    const { platform } = await platformWithTrackers({ url: hanging, authPreference: 'header' }, { url: b.url });
    const realFetch = platform.fetch;
    const stuck: Array<() => void> = [];
    platform.fetch = (input, init) =>
      String(input).startsWith(hanging)
        ? new Promise((_, reject) => stuck.push(() => reject(new TypeError('fetch failed'))))
        : realFetch(input, init);
    const delivery = new Delivery(platform);
    const first = delivery.recordVisits('t1', ['1']);
    const second = await delivery.recordVisits('t2', ['2']);
    expect(second.lastDelivered?.bugs).toEqual(['2']);
    expect(stuck).toHaveLength(1);
    for (const release of stuck) release();
    expect((await first).queue.map((v) => v.bug)).toEqual(['1']);
  });

  it('marks the badge for the tracker in trouble only, naming it and its waiting visits', async () => {
    const down = await deadUrl();
    const { platform } = await platformWithTrackers({ url: down, authPreference: 'header' }, { url: a.url });
    const delivery = new Delivery(platform);
    await delivery.recordVisits('t1', ['1']);
    await delivery.recordVisits('t1', ['2']);
    await delivery.recordVisits('t2', ['1']);
    expect(platform.badge.text).toBe('!');
    expect(platform.badge.color).toBe(BADGE_PROBLEM);
    expect(platform.badge.title).toContain(`${new URL(down).host}: The tracker cannot be reached`);
    expect(platform.badge.title).toContain('2 visits waiting to be sent');
    expect(platform.badge.title).not.toContain(new URL(a.url).host);
  });

  it('loses no visit when the worker stops during a delivery: the next worker sends it', async () => {
    const { platform } = await platformWithTrackers({ url: a.url });
    const realFetch = platform.fetch;
    // The first worker's POST never completes: it was stopped mid-request.
    platform.fetch = (input, init) =>
      init?.method === 'POST' ? new Promise<Response>(() => {}) : realFetch(input, init);
    void new Delivery(platform).recordVisits('t1', ['2']);
    await expect
      .poll(async () => JSON.stringify(platform.local.data.get('delivery:t1') ?? null))
      .toContain('"bug":"2"');
    platform.fetch = realFetch;
    const restarted = new Delivery(platform);
    await restarted.flushAll();
    expect(a.store.lastVisit(userId, 2)).toBeGreaterThan(0);
    expect((await restarted.state('t1')).queue).toEqual([]);
  });
});
