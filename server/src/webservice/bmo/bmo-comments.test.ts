import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * Comments and history as bugzilla.mozilla.org gives them (Bugzilla/WebService/Bug.pm
 * `_translate_comment`, `_changeset_to_hash`, comments, history; its comment reactions and its
 * REST resource for render_comment), under the bmo profile, on a BMO-shaped data set.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T00:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

type Comments = { bugs: Record<string, { comments: Array<Record<string, unknown>> }> };
const commentsOf = async (path: string, key?: string) => getOk<Comments>(api, path, key);

describe('comments under bmo', () => {
  it("carry BMO's author, raw_text and reactions besides 5.2's fields", async () => {
    const [first] = (await commentsOf('/rest/bug/1/comment', BMO_KEYS.dev)).bugs['1']?.comments ?? [];
    expect(first).toEqual({
      id: 1,
      bug_id: 1,
      count: 0,
      creator: BMO_LOGINS.admin,
      author: BMO_LOGINS.admin,
      time: '2026-01-01T00:00:00Z',
      creation_time: '2026-01-01T00:00:00Z',
      text: 'Crashes.',
      raw_text: 'Crashes.',
      is_private: false,
      attachment_id: null,
      reactions: { '+1': 2, heart: 1 },
      // comment_taggers_group is editbugs by default, on BMO too (Bugzilla/Config/GroupSecurity.pm).
      tags: [],
    });
  });

  it('skip_private leaves out bugs the caller cannot see, or that do not exist, instead of refusing them', async () => {
    await expectBugzillaError(await api('/rest/bug/1/comment?ids=2', { key: BMO_KEYS.out }), 401, 102);
    const skipped = await commentsOf('/rest/bug/1/comment?ids=2&ids=999&skip_private=1', BMO_KEYS.out);
    expect(Object.keys(skipped.bugs)).toEqual(['1']);
    // A private comment is left out of a non-insider's list, as always.
    expect(skipped.bugs['1']?.comments.map((comment) => comment.id)).toEqual([1, 2]);
  });

  it('matches a comment id in its path with digits only', async () => {
    await expectBugzillaError(await api('/rest/bug/comment/abc', { key: BMO_KEYS.admin }), 404, 32614);
    expect(Object.keys((await getOk<{ comments: object }>(api, '/rest/bug/comment/2')).comments)).toEqual(['2']);
  });
});

describe('history under bmo', () => {
  it('names a comment by comment_id and comment_count, not its database row, and the alias as BMO does', async () => {
    type History = { bugs: Array<{ id: number; alias: unknown; history: Array<{ changes: unknown[] }> }> };
    const history = await getOk<History>(api, '/rest/bug/1/history', BMO_KEYS.admin);
    expect(history.bugs[0]?.history[0]?.changes).toEqual([
      { field_name: 'longdescs.isprivate', removed: '0', added: '1', comment_id: 3, comment_count: 2 },
    ]);
    // usebugaliases is off by default on BMO: history's alias is null then, and the alias with it on.
    expect(history.bugs[0]?.alias).toBeNull();
    await bz.reset(bmoFixture({ usebugaliases: '1' }));
    expect((await getOk<History>(api, '/rest/bug/1/history', BMO_KEYS.admin)).bugs[0]?.alias).toBe('public-bug');
  });

  it('skip_private leaves out bugs the caller cannot see', async () => {
    await expectBugzillaError(await api('/rest/bug/1/history?ids=2', { key: BMO_KEYS.out }), 401, 102);
    const history = await getOk<{ bugs: Array<{ id: number }> }>(
      api,
      '/rest/bug/1/history?ids=2&skip_private=1',
      BMO_KEYS.out,
    );
    expect(history.bugs.map((bug) => bug.id)).toEqual([1]);
  });
});

describe('comment reactions under bmo', () => {
  const reactions = (id: number | string, key?: string) => api(`/rest/bug/comment/${id}/reactions`, key ? { key } : {});
  const react = (id: number, json: unknown, key: string = BMO_KEYS.out) =>
    api(`/rest/bug/comment/${id}/reactions`, { method: 'PUT', key, json });
  const dana = { id: 2, real_name: 'Dana Dev [:dana]', nick: 'dana', name: BMO_LOGINS.dev, email: BMO_LOGINS.dev };

  it('lists each reaction with its users in the order they reacted; [] for a comment that does not exist', async () => {
    const listed = await reactions(1);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      '+1': [
        dana,
        {
          id: 3,
          real_name: 'Tom Triage (he/him) [:tom]',
          nick: 'tom',
          name: BMO_LOGINS.triager,
          email: BMO_LOGINS.triager,
        },
      ],
      heart: [dana],
    });
    expect(await (await reactions(999)).json()).toEqual([]);
    await expectBugzillaError(await reactions('abc'), 400, 52);
    await expectBugzillaError(await reactions(4, BMO_KEYS.out), 401, 102);
    await expectBugzillaError(await reactions(3, BMO_KEYS.out), 401, 110);
  });

  it("adds and removes the caller's reactions, once each, and refuses what BMO refuses", async () => {
    const after = await react(2, { add: ['tada', 'tada', 'smile'] });
    expect(await after.json()).toEqual({
      tada: [expect.objectContaining({ name: BMO_LOGINS.out })],
      smile: [expect.objectContaining({ name: BMO_LOGINS.out })],
    });
    expect(await (await react(2, { remove: ['smile'] })).json()).toEqual({
      tada: [expect.objectContaining({ name: BMO_LOGINS.out })],
    });
    const listed = await commentsOf('/rest/bug/1/comment', BMO_KEYS.out);
    expect(listed.bugs['1']?.comments[1]?.reactions).toEqual({ tada: 1 });
    await expectBugzillaError(
      await react(2, { add: ['shrug'] }),
      400,
      137,
      'The comment reaction "shrug" is not supported.',
    );
    await expectBugzillaError(
      await api('/rest/bug/comment/2/reactions', { method: 'PUT', json: { add: ['+1'] } }),
      401,
      410,
    );
  });

  it('refuses reactions on a bug resolved over three months ago, and on restricted comments to outsiders', async () => {
    const base = bmoFixture({ restrict_comments_group: 'security' });
    const [first, second, third] = base.bugs;
    const resolved = { field_name: 'status', removed: 'NEW', added: 'RESOLVED' };
    await bz.reset({
      ...base,
      bugs: [
        { ...first, restrict_comments: true },
        second,
        { ...third, history: [{ who: BMO_LOGINS.triager, when: '2026-01-03T00:00:00Z', changes: [resolved] }] },
      ],
    } as never);
    await expectBugzillaError(
      await react(5, { add: ['+1'] }),
      400,
      138,
      'This bug no longer accepts comment reactions.',
    );
    await expectBugzillaError(await react(2, { add: ['+1'] }, BMO_KEYS.dev), 400, 139);
    expect((await react(2, { add: ['+1'] }, BMO_KEYS.admin)).status).toBe(200);
  });

  it('are off when use_comment_reactions is off: 136, and no reactions in comments', async () => {
    await bz.reset(bmoFixture({ use_comment_reactions: '0' }));
    await expectBugzillaError(await reactions(1), 400, 136, 'Comment reactions are not enabled.');
    const [first] = (await commentsOf('/rest/bug/1/comment')).bugs['1']?.comments ?? [];
    expect(first).not.toHaveProperty('reactions');
  });
});

describe('POST /rest/bug/comment/render under bmo', () => {
  it('renders a comment as Bug.render_comment does', async () => {
    const rendered = await api('/rest/bug/comment/render', { method: 'POST', json: { text: 'see bug 3' } });
    expect(rendered.status).toBe(200);
    expect(((await rendered.json()) as { html: string }).html).toContain('show_bug.cgi?id=3');
  });
});
