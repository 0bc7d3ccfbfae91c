import { createClient } from '@bz-companion/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ME, OTHER_KEY, startBackground, stopServers } from '../../testing/background.js';
import { KEY } from '../../testing/companion.js';
import { inboxRows, ordered } from '../common/inbox-rows.js';
import { emptyTriage } from '../common/triage.js';
import { needsWords, rowWords } from '../ui/row-words.js';
import { CANNOT } from './refresh-followed.js';

/** What needs the user, found by search and ranked first, on every profile of the test double. */
const CAROL = 'carol@example.com';
const users = [
  { login: ME, real_name: 'Me', api_keys: [KEY] },
  { login: CAROL, real_name: 'Carol', api_keys: [OTHER_KEY] },
];
const flag = (id: number, name: string, requestee: string, setter: string, at: string) => ({
  id,
  name,
  status: '?' as const,
  setter,
  requestee,
  creation_date: at,
});
const fixture = {
  users,
  bugs: [
    // A needinfo of me, asked two days ago; nothing else new since.
    {
      id: 1,
      reporter: CAROL,
      summary: 'Needs your info',
      flags: [flag(1, 'needinfo', ME, CAROL, '2026-11-18T10:00:00Z')],
    },
    // A review of me on a patch, asked a day ago.
    { id: 2, reporter: CAROL, summary: 'Has a patch to review' },
    // A bug I am CC'd on.
    { id: 3, reporter: CAROL, summary: 'Only CC', cc: [ME] },
    // A bug where I asked carol for feedback.
    {
      id: 4,
      reporter: ME,
      summary: 'Waiting on carol',
      flags: [flag(3, 'feedback', CAROL, ME, '2026-11-17T10:00:00Z')],
    },
  ],
  attachments: [
    {
      id: 9,
      bug_id: 2,
      file_name: 'fix.patch',
      summary: 'Proposed fix',
      content_type: 'text/plain',
      is_patch: true,
      creator: CAROL,
      creation_time: '2026-11-19T10:00:00Z',
      data: 'ZGlmZg==',
      flags: [flag(2, 'review', ME, CAROL, '2026-11-19T10:00:00Z')],
    },
  ],
};

afterEach(stopServers);

async function needsYou(profile: 'bz-companion' | 'bmo' | 'bugzilla-5.1' | 'bugzilla-5.2', login?: string) {
  const bz = await startBackground(profile, fixture, { followInvolved: true, ...(login ? { login } : {}) });
  await bz.whatChanged.refresh(bz.tracker.id);
  const carol = createClient({ baseUrl: bz.server.url, apiKey: OTHER_KEY, authMode: 'query' });
  bz.server.clock.advance(60);
  const { id: filed } = await carol.bugs.create({
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary: 'Filed for you',
    description: 'Please look at this.',
    assigned_to: ME,
  });
  bz.server.clock.advance(60);
  await carol.bugs.addComment(3, { comment: '+1, same here.' });
  bz.server.clock.advance(60);
  const snapshot = await bz.whatChanged.refresh(bz.tracker.id);
  const rows = ordered(
    inboxRows([{ id: 't1', url: bz.server.url, label: 'T', snapshot, triage: emptyTriage() }], bz.now()),
    'needs-you',
  );
  return { bz, snapshot, rows, filed };
}

describe('what needs you comes first', () => {
  for (const profile of ['bz-companion', 'bmo', 'bugzilla-5.1'] as const) {
    it(`on ${profile}: requests oldest first, then a new bug assigned to you never opened, then the rest`, async () => {
      const { rows, filed, snapshot, bz } = await needsYou(profile);
      expect(rows.map((row) => row.bug.id)).toEqual([1, 2, filed, 3]);
      const now = bz.now();
      expect(needsWords(rows[0]?.bug as never, now)).toEqual(['needinfo? from you by carol, 2 days ago']);
      expect(needsWords(rows[1]?.bug as never, now)).toEqual(['carol asks you for review of fix.patch, yesterday']);
      expect(needsWords(rows[2]?.bug as never, now)).toEqual(['new bug filed by carol, assigned to you']);
      expect(rowWords(rows[2]?.bug as never, ME)).toEqual(['“Please look at this.”']);
      expect(rows[3]?.needs).toBeNull();
      expect(rowWords(rows[3]?.bug as never, ME)).toEqual(['1 new comment: “+1, same here.”']);
      expect(snapshot?.byMe?.map((entry) => [entry.bug, entry.request.flag, entry.request.of])).toEqual([
        [4, 'feedback', CAROL],
      ]);
    });
  }

  it('on upstream 5.2 without a login: only what was opened, and says why once', async () => {
    const { rows, snapshot } = await needsYou('bugzilla-5.2');
    expect(rows).toEqual([]);
    expect(snapshot?.cannot).toContain(CANNOT.whoami);
  });

  it('on upstream 5.2 with the login given: the same requests and the new bug as anywhere', async () => {
    const { rows, filed, snapshot } = await needsYou('bugzilla-5.2', ME);
    expect(rows.map((row) => row.bug.id)).toEqual([1, 2, filed, 3]);
    expect(snapshot?.cannot).not.toContain(CANNOT.whoami);
    expect(rows[3]?.bug.inbox?.reasons).toEqual(['cc']);
  });
});
