import { type BzServer, startServer } from '@bz-companion/server';
import { createClient, parseBugzillaTime } from '@bz-companion/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY } from '../../../testing/companion.js';
import { platformWithTrackers } from '../../../testing/trackers.js';
import type { FlagRequest } from '../../common/inbox-state.js';
import { TrackerActions } from './act-on-bugs.js';
import type { KnownBug } from './tracker-actions.js';

/** Acting from the inbox, against the real server under each profile: what reaches it, what undo sends, what is refused. */
const ME = 'tess@example.com';
const CAROL = 'carol@example.com';
const CAROL_KEY = 'CarolKey0123456789abcdefghijklmnopqrstuv';
const fixture = (myGroups: string[]) => ({
  // 5.2 installs editbugs with the user regexp `.*` (every account a member): emptied, membership is only as given.
  groups: [{ name: 'editbugs', user_regexp: '' }],
  users: [
    { login: ME, real_name: 'Tess', api_keys: [KEY], groups: myGroups },
    { login: CAROL, real_name: 'Carol', api_keys: [CAROL_KEY] },
  ],
  bugs: [
    {
      id: 1,
      reporter: CAROL,
      assigned_to: CAROL,
      summary: 'Needs info',
      status: 'CONFIRMED',
      flags: [
        {
          id: 1,
          name: 'needinfo',
          status: '?' as const,
          setter: CAROL,
          requestee: ME,
          creation_date: '2026-11-18T10:00:00Z',
        },
      ],
    },
    { id: 2, reporter: CAROL, summary: 'A patch to review' },
  ],
  attachments: [
    {
      id: 5,
      bug_id: 2,
      file_name: 'fix.patch',
      summary: 'Proposed fix',
      content_type: 'text/plain',
      is_patch: true,
      creator: CAROL,
      creation_time: '2026-11-19T10:00:00Z',
      data: 'ZGlmZg==',
      flags: [
        {
          id: 2,
          name: 'review',
          status: '?' as const,
          setter: CAROL,
          requestee: ME,
          creation_date: '2026-11-19T10:00:00Z',
        },
      ],
    },
  ],
});

const servers: BzServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function setUp(profile: 'bz-companion' | 'bugzilla-5.2' | 'bugzilla-5.1' | 'bmo', groups = ['editbugs']) {
  const server = await startServer({ fixture: fixture(groups), profile });
  servers.push(server);
  const { platform } = await platformWithTrackers({ url: server.url });
  const actions = new TrackerActions(platform);
  const mine = createClient({ baseUrl: server.url, apiKey: KEY, authMode: 'query' });
  const known = async (id: number): Promise<KnownBug> => {
    const [bug] = (await mine.bugs.get(id)).bugs;
    return {
      id,
      status: bug?.status ?? null,
      resolution: bug?.resolution || null,
      assignee: bug?.assigned_to ?? null,
      inCc: (bug?.cc ?? []).includes(ME),
      lastChangeAt: parseBugzillaTime(bug?.last_change_time ?? ''),
    };
  };
  const writes = () =>
    server
      .requests()
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
  return { server, actions, mine, known, writes };
}

const needinfo: FlagRequest = { id: 1, flag: 'needinfo', from: CAROL, of: ME, at: 0, attachment: null };
const review: FlagRequest = {
  id: 2,
  flag: 'review',
  from: CAROL,
  of: ME,
  at: 0,
  attachment: { id: 5, name: 'fix.patch' },
};

describe('acting on bugs from the inbox', () => {
  for (const profile of ['bz-companion', 'bugzilla-5.2', 'bugzilla-5.1', 'bmo'] as const) {
    it(`on ${profile}: each action reaches the tracker, and its undo does`, async () => {
      const bz = await setUp(profile);
      const take = await bz.actions.act('t1', [await bz.known(1)], { kind: 'take' }, ME);
      expect(take.outcomes).toMatchObject([{ kind: 'done', bug: 1 }]);
      expect((await bz.known(1)).assignee).toBe(ME);
      expect(await take.undo?.()).toMatchObject([{ kind: 'done' }]);
      expect((await bz.known(1)).assignee).toBe(CAROL);

      const cc = await bz.actions.act('t1', [await bz.known(1)], { kind: 'cc', join: true }, ME);
      expect((await bz.known(1)).inCc).toBe(true);
      await cc.undo?.();
      expect((await bz.known(1)).inCc).toBe(false);

      const before = await bz.known(1);
      const resolve = await bz.actions.act(
        't1',
        [before],
        { kind: 'status', status: 'RESOLVED', resolution: 'FIXED', text: '' },
        ME,
      );
      expect(resolve.outcomes).toMatchObject([{ kind: 'done' }]);
      expect((await bz.known(1)).status).toBe('RESOLVED');
      await resolve.undo?.();
      expect(await bz.known(1)).toMatchObject({ status: 'CONFIRMED', resolution: null });

      const answer = await bz.actions.act(
        't1',
        [await bz.known(1)],
        { kind: 'answer', request: needinfo, text: 'It is 5.2.' },
        ME,
      );
      expect(answer).toMatchObject({
        outcomes: [{ kind: 'done' }],
        undo: null,
        noUndo: expect.stringMatching(/comment stays/),
      });
      const [bug1] = (await bz.mine.bugs.get(1, { includeFields: ['flags'] })).bugs;
      expect(bug1?.flags).toEqual([]);

      const granted = await bz.actions.act(
        't1',
        [await bz.known(2)],
        { kind: 'review', request: review, grant: true, text: '' },
        ME,
      );
      expect(granted.outcomes).toMatchObject([{ kind: 'done' }]);
      const attachment = (await bz.mine.attachments.ofBug(2, { includeFields: ['flags'] })).bugs['2']?.[0];
      expect(attachment?.flags?.map((flag) => `${flag.name}${flag.status}`)).toEqual(['review+']);

      expect(bz.writes()).toEqual([
        'PUT /rest/bug/1',
        'PUT /rest/bug/1',
        'PUT /rest/bug/1',
        'PUT /rest/bug/1',
        'PUT /rest/bug/1',
        'PUT /rest/bug/1',
        'PUT /rest/bug/1',
        'PUT /rest/bug/attachment/5',
      ]);
    });
  }

  it('shows a mid-air collision instead of overwriting it, and sends when told to', async () => {
    const bz = await setUp('bz-companion');
    const seen = await bz.known(1);
    bz.server.clock.advance(5);
    await createClient({ baseUrl: bz.server.url, apiKey: CAROL_KEY }).bugs.addComment(1, { comment: 'Meanwhile.' });
    const reply = { kind: 'reply' as const, text: 'Thanks!' };
    const held = await bz.actions.act('t1', [seen], reply, ME);
    expect(held.outcomes).toMatchObject([{ kind: 'collision', bug: 1 }]);
    expect(bz.writes()).toEqual(['POST /rest/bug/1/comment']);
    const sent = await bz.actions.act('t1', [seen], reply, ME, true);
    expect(sent.outcomes).toMatchObject([{ kind: 'done' }]);
    expect(bz.writes()).toEqual(['POST /rest/bug/1/comment', 'POST /rest/bug/1/comment']);
  });

  it('says in the tracker’s words why it refuses (no permission)', async () => {
    // Neither in editbugs (its regexp emptied above) nor the bug's assignee: 5.2 refuses a new
    // assignee (Bugzilla/Bug.pm check_can_change_field, PRIVILEGES_REQUIRED_ASSIGNEE).
    const bz = await setUp('bugzilla-5.2', []);
    const take = await bz.actions.act('t1', [await bz.known(1)], { kind: 'take' }, ME);
    expect(take.outcomes).toEqual([
      {
        kind: 'refused',
        bug: 1,
        // The tracker's own sentence (Bugzilla's illegal_change, code 115).
        message: expect.stringMatching(/^You tried to change the Assignee field.*may change that field\.$/),
      },
    ]);
  });

  it('reads the workflow: where each status may go, which need a resolution', async () => {
    const bz = await setUp('bugzilla-5.2');
    const workflow = await bz.actions.workflow('t1');
    expect(workflow).toMatchObject({ moves: { CONFIRMED: [{ to: 'IN_PROGRESS' }, { to: 'RESOLVED' }] } });
    expect((workflow as { resolutions: string[] }).resolutions).toContain('FIXED');
  });
});
