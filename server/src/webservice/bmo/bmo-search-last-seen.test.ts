import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askUnderBugzilla52, BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/search/needinfo_last_seen` and `assignee_last_seen` (extensions/SearchAPI/lib/API/V1/
 * LastSeen.pm): the fixture's open bugs 1 and 4 are assigned to dev, who is asked a needinfo on 1; dev was
 * last seen on 2026-05-01 here, a month before the server's clock.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;
type Result = { result: Array<Record<string, unknown>> };
const search = (path: string, key: string = BMO_KEYS.admin) => getOk<Result>(api, `/rest/search/${path}`, key);
const ids = async (path: string, key?: string) => (await search(path, key)).result.map((bug) => bug.id);

beforeAll(async () => {
  const fixture = bmoFixture();
  const users = fixture.users.map((user) =>
    user.login === BMO_LOGINS.dev ? { ...user, last_seen_date: '2026-05-01' } : user,
  );
  // A tracking flag shown on Toolbars only (bug 4), a free-text field on every bug; bug 1 is cc'd to the
  // triager and the admin.
  const custom_fields = [
    { name: 'cf_note', description: 'Note', type: 'freetext' as const },
    {
      name: 'cf_tracking_toolbars',
      description: 'tracking-toolbars',
      type: 'single_select' as const,
      values: ['+', '-'],
      tracking_flag: { visibility: [{ product: 'Firefox', component: 'Toolbars' }], setters: { '+': 'editbugs' } },
    },
  ];
  const bugs = fixture.bugs.map((bug) =>
    bug.id === 1
      ? { ...bug, cc: [BMO_LOGINS.triager, BMO_LOGINS.admin], cf_note: 'see the crash reports' }
      : bug.id === 4
        ? { ...bug, cf_tracking_toolbars: '+', groups: ['security'], cc: [BMO_LOGINS.triager] }
        : bug,
  );
  bz = await startServer({ fixture: { ...fixture, users, custom_fields, bugs }, clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

describe('GET /rest/search/*_last_seen under bmo', () => {
  it("finds the open bugs whose needinfo requestee was last seen more than `days` ago, with BMO's to_hash", async () => {
    const { result } = await search('needinfo_last_seen?days=14');
    expect(result.map((bug) => bug.id)).toEqual([1]);
    expect(result[0]).toEqual({
      alias: 'public-bug',
      id: 1,
      is_confirmed: 1,
      op_sys: expect.any(String),
      platform: expect.any(String),
      priority: expect.any(String),
      resolution: '',
      severity: expect.any(String),
      status: expect.any(String),
      summary: 'Crash on start',
      target_milestone: expect.any(String),
      type: expect.any(String),
      url: expect.any(String),
      version: 'unspecified',
      whiteboard: expect.any(String),
      flags: [
        {
          id: 1,
          name: 'needinfo',
          type_id: 1,
          creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          modification_date: '2026-01-02 00:00:00',
          status: '?',
          setter: expect.objectContaining({ name: BMO_LOGINS.admin, email: BMO_LOGINS.admin }),
          requestee: {
            id: expect.any(Number),
            real_name: 'Dana Dev [:dana]',
            nick: 'dana',
            name: BMO_LOGINS.dev,
            email: BMO_LOGINS.dev,
          },
        },
      ],
    });
    expect(await ids('needinfo_last_seen?days=40')).toEqual([]);
    expect(await ids('needinfo_last_seen')).toEqual([]);
  });

  it('finds by assignee, with the assignee, or the fields include_fields names', async () => {
    const { result } = await search('assignee_last_seen?days=14');
    // Bugs 1 and 4 are open and dev's; bug 3, dev's too, is resolved.
    expect(result.map((bug) => bug.id)).toEqual([1, 4]);
    expect(result[0]?.assignee).toMatchObject({ name: BMO_LOGINS.dev, nick: 'dana' });
    expect(result[0]).not.toHaveProperty('flags');
    const [bug] = (await search('needinfo_last_seen?days=14&include_fields=product,component')).result;
    expect(bug).toMatchObject({ product: 'Firefox', component: 'General' });
    expect(bug).not.toHaveProperty('flags');
  });

  it("gives to_hash's other extras: threads, people, groups, regressions, custom fields, hours to time trackers", async () => {
    const extras = [
      'cc',
      'comments',
      'description',
      'groups',
      'triage_owner',
      'regressed_by',
      'regressions',
      'last_change_time_non_bot',
      'cf_note',
      'cf_tracking_toolbars',
      'deadline',
      'estimated_time',
      'nosuch',
    ];
    const asked = `assignee_last_seen?days=14&include_fields=${extras.join(',')}`;
    const [one, four] = (await search(asked)).result;
    const person = (login: string) => expect.objectContaining({ name: login, email: login, nick: expect.any(String) });
    expect(one).toMatchObject({
      id: 1,
      // Sorted by login, as User->new_from_list gives them.
      cc: [person(BMO_LOGINS.admin), person(BMO_LOGINS.triager)],
      description: 'Crashes.',
      groups: [],
      triage_owner: person(BMO_LOGINS.triager),
      regressed_by: [],
      regressions: [4],
      last_change_time_non_bot: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      cf_note: 'see the crash reports',
      deadline: '2026-09-01',
      estimated_time: 0,
    });
    // The admin is an insider: the private comment is there, with Bugzilla::Comment to_hash's members.
    const comments = one?.comments as unknown[];
    expect(comments.length).toBe(3);
    expect(comments[0]).toEqual({
      id: 1,
      bug_id: 1,
      creator: person(BMO_LOGINS.admin),
      creation_time: '2026-01-01 00:00:00',
      is_private: 0,
      text: 'Crashes.',
      attachment_id: null,
      // While comment tagging is on (comment_taggers_group, set here as by default).
      tags: [],
    });
    // A tracking flag only where it is shown; a name to_hash does not know gives nothing.
    expect(one).not.toHaveProperty('cf_tracking_toolbars');
    expect(one).not.toHaveProperty('nosuch');
    expect(four).toMatchObject({ id: 4, regressed_by: [1], cf_tracking_toolbars: '+', cf_note: '' });
    // No component triage owner for Toolbars: no member at all.
    expect(four).not.toHaveProperty('triage_owner');

    // The triager is neither insider nor time tracker: no private comment, no hours, no deadline.
    const [seenByTriager] = (await search(asked, BMO_KEYS.triager)).result;
    const seenComments = seenByTriager?.comments as Array<{ id: number }>;
    expect(seenComments.map((comment) => comment.id)).toEqual([1, 2]);
    expect(seenByTriager).not.toHaveProperty('deadline');
    expect(seenByTriager).not.toHaveProperty('estimated_time');
  });

  it("lists only the bug's groups the caller is in, as Bugzilla::Group to_hash", async () => {
    const fourOf = async (key: string) =>
      (await search('assignee_last_seen?days=14&include_fields=groups', key)).result.find((bug) => bug.id === 4);
    expect((await fourOf(BMO_KEYS.admin))?.groups).toEqual([
      { id: expect.any(Number), name: 'security', description: expect.any(String), is_active: 1 },
    ]);
    // The triager sees it (on its CC) but is not in its group.
    expect((await fourOf(BMO_KEYS.triager))?.groups).toEqual([]);
  });

  it('needs a login (410)', async () => {
    await expectBugzillaError(await api('/rest/search/needinfo_last_seen?days=1'), 401, 410);
  });
});

describe('GET /rest/search/needinfo_last_seen under other profiles', () => {
  it('is no resource (32614), as before', async () => {
    await expectBugzillaError(await askUnderBugzilla52('/rest/search/needinfo_last_seen?days=1'), 404, 32614);
  });
});
