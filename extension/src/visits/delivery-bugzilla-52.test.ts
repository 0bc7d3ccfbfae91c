import { describe, expect, it } from 'vitest';
import { Bugzilla52, ORACLE_USER_KEY } from '../../testing/bugzilla-52.js';
import { platformWithTrackers } from '../../testing/trackers.js';
import { bugLabel } from '../common/delivery-state.js';
import { Delivery } from './delivery.js';

/** A tracker answering as the recorded Bugzilla 5.2, with the recordings' normal user's key. */
async function on52() {
  const tracker = new Bugzilla52();
  const { platform, storage } = await platformWithTrackers({ url: tracker.url, apiKey: ORACLE_USER_KEY });
  platform.fetch = tracker.fetch;
  // Garbled answers are tried twice more, at once here.
  return { tracker, platform, storage, delivery: new Delivery(platform, Date.now, [0, 0]) };
}

/** The requests about bugs (the clock check's /rest/time, unrecorded, is left out). */
const visitRequests = (tracker: Bugzilla52) => tracker.journal.filter((line) => !line.startsWith('GET /rest/time'));

describe('Delivery to a tracker that answers as Bugzilla 5.2', () => {
  it('detects that the key goes in the query, and records a visit by number', async () => {
    const { tracker, delivery } = await on52();
    const state = await delivery.recordVisits('t1', ['10']);
    expect(state.authMode).toBe('query');
    expect(state.queue).toEqual([]);
    expect(tracker.visited).toEqual([10]);
  });

  it('delivers queued visits one by one when the batch route is missing, and remembers it', async () => {
    const { tracker, delivery } = await on52();
    tracker.emptyAnswers = 0;
    // Queue two visits while the tracker is "down" (its answers are empty 200s, even when tried again: kept).
    await delivery.recordVisits('t1', ['10']); // key detection and the first visit
    tracker.emptyAnswers = 100;
    await delivery.recordVisits('t1', ['7']);
    await delivery.recordVisits('t1', ['8']);
    tracker.emptyAnswers = 0;
    const back = await delivery.flush('t1');
    expect(back.queue).toEqual([]);
    expect(back.batchRouteMissing).toBe(true);
    expect(tracker.visited).toEqual([10, 7, 8]);
    // The batch was tried once (404, 32614) and never again.
    tracker.emptyAnswers = 100;
    await delivery.recordVisits('t1', ['9']);
    await delivery.recordVisits('t1', ['5']);
    tracker.emptyAnswers = 0;
    tracker.journal.length = 0;
    await delivery.flush('t1');
    expect(visitRequests(tracker)).toEqual(['POST /rest/bug_user_last_visit/9', 'POST /rest/bug_user_last_visit/5']);
    expect(tracker.visited.slice(-2)).toEqual([9, 5]);
  });

  it('resolves an alias to its number, posts the number, and caches it', async () => {
    const { tracker, delivery } = await on52();
    const state = await delivery.recordVisits('t1', ['login-blank']);
    expect(state.queue).toEqual([]);
    expect(state.failures).toEqual([]);
    expect(tracker.visited).toEqual([7]);
    expect(state.aliasIds).toEqual({ 'login-blank': 7 });
    expect(bugLabel(state, 'login-blank')).toBe('login-blank (bug 7)');
    expect(state.lastDelivered?.bugs).toEqual(['login-blank']);
    tracker.journal.length = 0;
    await delivery.recordVisits('t1', ['login-blank']);
    // Known to take numbers only, with the number cached: straight to the number.
    expect(visitRequests(tracker)).toEqual(['POST /rest/bug_user_last_visit/7']);
  });

  it('drops an alias the tracker does not know, recording why', async () => {
    const { tracker, delivery } = await on52();
    const state = await delivery.recordVisits('t1', ['no-such-alias']);
    expect(state.queue).toEqual([]);
    expect(state.failures.map((f) => [f.bug, f.code])).toEqual([['no-such-alias', 100]]);
    expect(tracker.visited).toEqual([]);
  });

  it('tries a visit answered with an empty 200 again at once, and says nothing when that works', async () => {
    const { tracker, delivery, platform } = await on52();
    await delivery.recordVisits('t1', ['10']);
    tracker.emptyAnswers = 2;
    tracker.journal.length = 0;
    const state = await delivery.recordVisits('t1', ['8']);
    expect(visitRequests(tracker)).toEqual(Array(3).fill('POST /rest/bug_user_last_visit/8'));
    expect(state.queue).toEqual([]);
    expect(state.problem).toBeNull();
    expect(tracker.visited).toEqual([10, 8]);
    expect(platform.badge.title).not.toMatch(/incomplete|not JSON/);
  });

  it('keeps a visit the tracker keeps answering with an empty 200, in words, and delivers it later', async () => {
    const { tracker, delivery } = await on52();
    await delivery.recordVisits('t1', ['10']);
    tracker.emptyAnswers = 3;
    const garbled = await delivery.recordVisits('t1', ['8']);
    expect(garbled.queue.map((v) => v.bug)).toEqual(['8']);
    expect(garbled.lastDelivered?.bugs).toEqual(['10']);
    expect(garbled.problem).toMatchObject({ kind: 'server-error', status: null });
    const later = await delivery.flush('t1');
    expect(later.queue).toEqual([]);
    expect(tracker.visited).toEqual([10, 8]);
  });

  it('keeps a bug the user is not involved in (400, code 32000) in this browser, not a failure, and delivers the rest', async () => {
    const { tracker, delivery } = await on52();
    await delivery.recordVisits('t1', ['10']);
    tracker.emptyAnswers = 100;
    await delivery.recordVisits('t1', ['12']);
    await delivery.recordVisits('t1', ['7']);
    tracker.emptyAnswers = 0;
    const state = await delivery.flush('t1');
    expect(state.queue).toEqual([]);
    expect(state.failures).toEqual([]);
    expect(state.keptInBrowser).toMatchObject({ count: 1, lastBug: '12' });
    expect(tracker.visited).toEqual([10, 7]);
  });

  it('drops an alias it cannot turn into a number, and the visits queued behind it still go', async () => {
    const { tracker, delivery } = await on52();
    tracker.withoutBugGet = true;
    await delivery.recordVisits('t1', ['10']);
    tracker.emptyAnswers = 100;
    await delivery.recordVisits('t1', ['login-blank']);
    await delivery.recordVisits('t1', ['8']);
    tracker.emptyAnswers = 0;
    const state = await delivery.flush('t1');
    expect(state.queue).toEqual([]);
    expect(state.failures.map((f) => f.bug)).toEqual(['login-blank']);
    expect(state.failures[0]?.message).toContain('cannot look up the number of alias login-blank');
    expect(tracker.visited).toEqual([10, 8]);
  });
});
