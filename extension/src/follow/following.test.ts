import { afterEach, describe, expect, it } from 'vitest';
import { ME, OTHER_KEY, startBackground, stopServers } from '../../testing/background.js';
import { KEY } from '../../testing/companion.js';
import { FollowStorage } from '../storage/follow-storage.js';
import { NewsStorage } from '../storage/news-storage.js';
import { CANNOT } from './refresh-followed.js';

/** Every bug opened is followed, in the extension's own record, with batched reads of what changed. */
const OTHER = 'other@example.com';
const users = [
  { login: ME, real_name: 'Me', api_keys: [KEY] },
  { login: OTHER, real_name: 'Other', api_keys: [OTHER_KEY] },
];
const manyBugs = (count: number, reporter = ME) => ({
  users,
  bugs: Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    reporter,
    summary: `Bug number ${i + 1}`,
    comments: [{ author: reporter, time: '2026-11-01T09:00:00Z', text: 'The description.' }],
  })),
});

afterEach(stopServers);

describe('following every bug opened', () => {
  it('lists all 25 of 25 visited bugs that changed, not the tracker’s 20 most recent', async () => {
    const bz = await startBackground('bz-companion', manyBugs(25));
    for (let bug = 1; bug <= 25; bug++) await bz.open(bug);
    for (let bug = 1; bug <= 25; bug++) await bz.othersComment(bug, `News on ${bug}.`);
    const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
    const changed = snapshot?.bugs.filter((bug) => bug.news !== null).map((bug) => bug.id);
    expect(changed?.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // The newest change first.
    expect(snapshot?.bugs[0]?.id).toBe(25);
    expect(snapshot?.followed).toBe(25);
    expect(bz.platform.badge.text).toBe('25');
  });

  it('reads 450 followed bugs in batches: one search per 200, comments and history once for the changed', async () => {
    const bz = await startBackground('bz-companion', manyBugs(450));
    const follow = new FollowStorage(bz.platform);
    const ids = Array.from({ length: 450 }, (_, i) => i + 1);
    const { recordOpened } = await import('../common/follow-record.js');
    await follow.save(bz.tracker.id, recordOpened({}, ids, bz.now()));
    for (const bug of [7, 300, 449]) await bz.othersComment(bug, 'Moved on.');
    bz.bugRequests();
    const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
    const requests = bz.bugRequests();
    const searches = requests.filter((line) => line.startsWith('GET /rest/bug?id='));
    // Three batches of followed bugs; the first also brings the recently opened bugs' summaries, not yet kept.
    expect(searches.length).toBe(3);
    expect(requests.filter((line) => /comment|history/.test(line))).toEqual([
      'GET /rest/bug/7/comment?ids=300,449',
      'GET /rest/bug/7/history?ids=300,449',
    ]);
    // Besides: the searches for the bugs now yours and for the requests by you.
    expect(requests.length).toBeLessThanOrEqual(9);
    expect(snapshot?.bugs.filter((bug) => bug.news).map((bug) => bug.id)).toEqual([449, 300, 7]);
    expect(snapshot?.bugs.filter((bug) => !bug.news).every((bug) => bug.summary !== null)).toBe(true);
  });

  it('says what changed in words, with the first new comment’s opening words, and why the bug is listed', async () => {
    const later = '2026-11-20T11:00:00Z';
    const bz = await startBackground('bz-companion', {
      users,
      bugs: [
        {
          id: 1,
          reporter: OTHER,
          assigned_to: ME,
          summary: 'Crash on start',
          priority: 'Low',
          comments: [
            { author: OTHER, time: '2026-11-01T09:00:00Z', text: 'It crashes.' },
            {
              author: OTHER,
              time: later,
              text: 'Bisected: the crash started with the new   renderer, which never frees the glyph cache when the window closes.',
            },
          ],
          history: [
            { who: OTHER, when: later, changes: [{ field_name: 'priority', removed: 'Low', added: 'Highest' }] },
          ],
        },
      ],
    });
    await bz.open(1);
    const row = (await bz.whatChanged.refresh(bz.tracker.id))?.bugs[0];
    expect(row?.inbox).toMatchObject({
      reasons: ['visited', 'assignee'],
      changes: [{ field: 'priority', from: 'Low', to: 'Highest' }],
      firstComment: 'Bisected: the crash started with the new renderer, which never frees the glyph…',
      product: expect.any(String),
    });
  });

  it('remembers what it followed before: the visits the previous version kept are followed', async () => {
    const bz = await startBackground('bz-companion', manyBugs(3));
    await bz.platform.storage('local').set({ [`visited:${bz.tracker.id}`]: { 2: bz.now() - 60_000, 3: bz.now() } });
    await bz.othersComment(2, 'While you were away.');
    const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
    expect(snapshot?.followed).toBe(2);
    expect(snapshot?.bugs.filter((bug) => bug.news).map((bug) => bug.id)).toEqual([2]);
  });

  it('lists a bug with a flag requested of you, the flag as its reason', async () => {
    const bz = await startBackground('bz-companion', {
      users,
      bugs: [
        {
          id: 1,
          reporter: OTHER,
          summary: 'Needs your answer',
          flags: [
            {
              id: 1,
              name: 'needinfo',
              status: '?',
              setter: OTHER,
              requestee: ME,
              creation_date: '2026-11-01T09:00:00Z',
            },
          ],
        },
        { id: 2, reporter: OTHER, summary: 'Not yours' },
      ],
    });
    // Found on the first refresh, followed from then: the comment after it is news.
    await bz.whatChanged.refresh(bz.tracker.id);
    await bz.othersComment(1, 'Any news?');
    const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
    expect(snapshot?.cannot).toBeUndefined();
    expect(snapshot?.followed).toBe(1);
    expect(snapshot?.bugs[0]?.inbox?.flags).toEqual(['needinfo?']);
    expect(snapshot?.bugs[0]?.inbox?.reasons).toEqual(['flag']);
  });

  it('says once, in words, when the tracker does not take the flag search, and does not ask again within the day', async () => {
    const bz = await startBackground('bz-companion', manyBugs(1));
    await bz.open(1);
    // The first search of the refresh is the flag search: refused once, as a tracker without it would.
    bz.server.fault({ method: 'GET', path: '/rest/bug', status: 400, times: 1 });
    const first = await bz.whatChanged.refresh(bz.tracker.id);
    expect(first?.cannot).toEqual([CANNOT.flags]);
    bz.bugRequests();
    const again = await bz.whatChanged.refresh(bz.tracker.id);
    expect(again?.cannot).toEqual([CANNOT.flags]);
    expect(bz.bugRequests().filter((line) => line.includes('f1=requestees'))).toEqual([]);
  });
});

describe('on upstream Bugzilla 5.2, a bug you are not involved in', () => {
  it('is followed and its news shown; the refused visit is kept in this browser, not a failure', async () => {
    const bz = await startBackground('bugzilla-5.2', manyBugs(2, OTHER));
    await bz.open(1);
    await bz.open(2);
    const state = await bz.delivery.state(bz.tracker.id);
    expect(state.failures).toEqual([]);
    expect(state.keptInBrowser?.count).toBe(2);
    await bz.othersComment(2, 'News you should see.');
    const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
    expect(snapshot?.bugs.filter((bug) => bug.news).map((bug) => [bug.id, bug.news?.comments])).toEqual([[2, 1]]);
    // Said once each: no record of visits to read, no whoami.
    expect(snapshot?.cannot).toEqual([CANNOT.visits, CANNOT.whoami]);
    expect(await new NewsStorage(bz.platform).visited(bz.tracker.id)).toHaveProperty('2');
  });
});
