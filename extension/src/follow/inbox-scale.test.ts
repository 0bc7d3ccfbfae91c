import { afterEach, describe, expect, it } from 'vitest';
import { ME, OTHER_KEY, startBackground, stopServers } from '../../testing/background.js';
import { KEY } from '../../testing/companion.js';
import { recordOpened } from '../common/follow-record.js';
import { emptyTriage } from '../common/triage.js';
import { FollowStorage } from '../storage/follow-storage.js';
import { LOCAL } from '../storage/keys.js';
import { fitTriage, SYNC_ITEM_BYTES } from '../storage/triage-quota.js';

/**
 * The inbox at the size it is built for, counted (not timed): 5,000 bugs
 * followed on a tracker, 200 of them changed. What one refresh asks of the
 * tracker, and what the extension keeps.
 */
afterEach(stopServers);

const FOLLOWED = 5000;
const CHANGED = 200;

describe('5,000 followed bugs, 200 changed', () => {
  // The budget of a refresh (issue 36: at most 40 a tracker): the searches that find what needs the user included.
  it('one refresh makes at most 40 requests, and what is kept stays small', async () => {
    const bz = await startBackground('bz-companion', {
      users: [
        { login: ME, real_name: 'Me', api_keys: [KEY] },
        { login: 'other@example.com', real_name: 'Other', api_keys: [OTHER_KEY] },
      ],
      bugs: Array.from({ length: FOLLOWED }, (_, i) => ({ id: i + 1, reporter: ME, summary: `Bug number ${i + 1}` })),
    });
    const ids = Array.from({ length: FOLLOWED }, (_, i) => i + 1);
    await new FollowStorage(bz.platform).save(bz.tracker.id, recordOpened({}, ids, bz.now()));
    for (let n = 0; n < CHANGED; n++) await bz.othersComment(1 + n * 25, `Change ${n}.`);
    bz.bugRequests();
    const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
    const requests = bz.bugRequests().length;
    expect(snapshot?.bugs.filter((bug) => bug.news).length).toBe(CHANGED);
    expect(requests).toBeLessThanOrEqual(40);

    const local = await bz.platform.storage('local').get(null);
    const bytes = new TextEncoder().encode(JSON.stringify(local)).length;
    const followedBytes = new TextEncoder().encode(JSON.stringify(local[LOCAL.followed(bz.tracker.id)])).length;
    // Five such trackers stay under 5 MB.
    expect(bytes * 5).toBeLessThan(5 * 1024 * 1024);
    // A tracker's triage with 2,000 bugs done fits one sync item (the oldest dropped first when it would not).
    const triage = emptyTriage();
    for (const id of ids.slice(0, 2000)) triage.done[String(id)] = Math.floor(bz.now() / 1000) - id;
    const fitted = fitTriage('triage:t1', triage, bz.now());
    expect(new TextEncoder().encode(JSON.stringify(fitted.triage)).length).toBeLessThanOrEqual(SYNC_ITEM_BYTES);
    console.info(
      `inbox scale: ${requests} requests for ${FOLLOWED} followed / ${CHANGED} changed; storage.local ${Math.round(bytes / 1024)} KB ` +
        `(follow record ${Math.round(followedBytes / 1024)} KB); triage of 2,000 done fitted to one sync item, ${fitted.dropped} oldest dropped`,
    );
  }, 120_000);
});
