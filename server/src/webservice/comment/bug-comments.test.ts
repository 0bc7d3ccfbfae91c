import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugContentFixture } from '../../../testing/bug-content-fixture.js';
import { type RunningServer, serveCli, serveFixture } from '../../../testing/cli-server.js';
import { KEYS } from '../../../testing/fixtures.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';

type Comment = { id: number; bug_id: number; count: number; creator: string; text: string; is_private: boolean };
type Comments = { bugs: Record<string, { comments: Comment[] }>; comments: Record<string, Comment> };

let server: RunningServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await serveFixture(bugContentFixture());
  api = httpClient(server.url);
});
afterAll(() => server.stop());

const read = (path: string, key?: string) => getOk<Comments>(api, path, key);
const counts = (answer: Comments, bug: number) => answer.bugs[String(bug)]?.comments.map((c) => c.count);
const post = (path: string, key: string, json: unknown) => api(path, { method: 'POST', key, json });

describe('GET /rest/bug/{id}/comment', () => {
  it("answers 5.2's comment objects, oldest first, under the numeric id", async () => {
    const answer = await read('/rest/bug/myalias/comment', KEYS.bob);
    expect(answer.comments).toEqual({});
    expect(answer.bugs['1']?.comments[0]).toEqual({
      id: 1,
      bug_id: 1,
      count: 0,
      creator: 'admin@example.com',
      time: '2026-03-01T09:00:00Z',
      creation_time: '2026-03-01T09:00:00Z',
      text: 'Steps: put 🐛 in a summary.',
      is_private: false,
      attachment_id: null,
      tags: [],
    });
  });

  it('shows private comments only to members of the insidergroup, keeping the counts', async () => {
    expect(counts(await read('/rest/bug/1/comment'), 1)).toEqual([0, 1, 3]);
    expect(counts(await read('/rest/bug/1/comment', KEYS.admin), 1)).toEqual([0, 1, 3]); // admin is no insider
    const insider = await read('/rest/bug/1/comment', KEYS.alice);
    expect(counts(insider, 1)).toEqual([0, 1, 2, 3]);
    expect(insider.bugs['1']?.comments[2]?.is_private).toBe(true);
  });

  it('new_since keeps only strictly later comments, in any of the date forms', async () => {
    expect(counts(await read('/rest/bug/1/comment?new_since=2026-03-02T10:00:00Z'), 1)).toEqual([3]);
    expect(counts(await read('/rest/bug/1/comment?new_since=2026-03-02T09:59:59Z'), 1)).toEqual([1, 3]);
    expect(counts(await read('/rest/bug/1/comment?new_since=2026-03-02T11:59:59%2B02:00'), 1)).toEqual([1, 3]);
    expect(counts(await read('/rest/bug/1/comment?new_since=2026-03-02'), 1)).toEqual([1, 3]);
    await expectBugzillaError(await api('/rest/bug/1/comment?new_since=soon'), 400, 56, "'soon' is not a legal date.");
  });

  it('narrows each comment with include_fields', async () => {
    const answer = await read('/rest/bug/1/comment?include_fields=id,count');
    expect(answer.bugs['1']?.comments).toEqual([
      { id: 1, count: 0 },
      { id: 2, count: 1 },
      { id: 4, count: 3 },
    ]);
  });

  it('refuses a bug the caller may not see', async () => {
    await expectBugzillaError(await api('/rest/bug/2/comment', { key: KEYS.bob }), 401, 102);
    expect(counts(await read('/rest/bug/2/comment', KEYS.alice), 2)).toEqual([0]);
  });
});

describe('GET /rest/bug/comment/{id}', () => {
  it('answers one comment by its global id, with comment_ids added', async () => {
    const answer = await read('/rest/bug/comment/4?comment_ids=1', KEYS.bob);
    expect(Object.keys(answer.comments).sort()).toEqual(['1', '4']);
    expect(answer.bugs).toEqual({});
  });

  it.each([
    ['/rest/bug/comment/3', KEYS.bob, 401, 110, 'Comment id 3 is private.'],
    ['/rest/bug/comment/5', KEYS.bob, 401, 102, 'You are not authorized to access bug #2.'],
    ['/rest/bug/comment/999', KEYS.bob, 400, 111, '999 is not a valid comment id.'],
    [
      '/rest/bug/comment/x1',
      KEYS.bob,
      400,
      52,
      'Invalid parameter passed to Bugzilla::Comment::new_from_list: It must be numeric.',
    ],
  ])('%s is %i, %i', async (path, key, status, code, message) => {
    await expectBugzillaError(await api(path, { key }), status, code, message);
  });

  it('gives a private comment to an insider', async () => {
    expect((await read('/rest/bug/comment/3', KEYS.alice)).comments['3']?.is_private).toBe(true);
  });
});

describe('POST /rest/bug/{id}/comment', () => {
  it('adds a comment (201, its id), which moves last_change_time and takes the next count', async () => {
    const response = await post('/rest/bug/6/comment', KEYS.bob, { comment: '  Two lines\r\nhere.  \n\n' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(id).toBe(6); // five comments in the fixture
    const [comment] = (await read('/rest/bug/6/comment', KEYS.bob)).bugs['6']?.comments ?? [];
    expect(comment).toMatchObject({ id, count: 0, creator: 'bob@example.com', text: '  Two lines\nhere.' });
    const bug = (await (await api('/rest/bug/6?include_fields=last_change_time')).json()) as {
      bugs: Array<{ last_change_time: string }>;
    };
    expect(bug.bugs[0]?.last_change_time).toBe((comment as unknown as { time: string }).time);
  });

  it("sets the author's last visit when involved, and not otherwise", async () => {
    const visit = async (bug: number, key: string) =>
      (
        (await (await api(`/rest/bug_user_last_visit/${bug}`, { key })).json()) as Array<{
          last_visit_ts: string | null;
        }>
      )[0]?.last_visit_ts;
    await post('/rest/bug/1/comment', KEYS.carol, { comment: 'In CC, so involved.' });
    const comments = (await read('/rest/bug/1/comment', KEYS.carol)).bugs['1']?.comments ?? [];
    expect(await visit(1, KEYS.carol)).toBe((comments.at(-1) as unknown as { time: string }).time);
    await post('/rest/bug/6/comment', KEYS.carol, { comment: 'Not involved in 6.' });
    expect(await visit(6, KEYS.carol)).toBeNull();
  });

  it.each([
    [{ comment: '' }, 400, 50, 'The function requires a comment argument, and that argument was not set.'],
    [{ comment: ' \n\t ' }, 400, 50, undefined],
    [{ is_private: false }, 400, 50, undefined],
    [{ comment: 'x'.repeat(65536) }, 400, 114, 'Comments cannot be longer than 65535 characters.'],
    [
      { comment: 'secret', is_private: true },
      401,
      113,
      'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
    ],
  ])('refuses %#: %i, %i, and changes nothing', async (body, status, code, message) => {
    const before = await read('/rest/bug/6/comment', KEYS.bob);
    await expectBugzillaError(await post('/rest/bug/6/comment', KEYS.bob, body), status, code, message);
    expect(await read('/rest/bug/6/comment', KEYS.bob)).toEqual(before);
  });

  it('checks login, then the comment, then the bug', async () => {
    await expectBugzillaError(await api('/rest/bug/6/comment', { method: 'POST', json: { comment: 'hi' } }), 401, 410);
    await expectBugzillaError(await post('/rest/bug/2/comment', KEYS.bob, { comment: '' }), 400, 50);
    await expectBugzillaError(await post('/rest/bug/2/comment', KEYS.bob, { comment: 'hi' }), 401, 102);
    await expectBugzillaError(await post('/rest/bug/999/comment', KEYS.bob, { comment: 'hi' }), 404, 101);
  });

  it("reads is_private with Perl's truth, and the legacy `private` over it", async () => {
    await expectBugzillaError(
      await post('/rest/bug/6/comment', KEYS.bob, { comment: 'x', is_private: 'no' }),
      401,
      113,
    );
    const response = await post('/rest/bug/6/comment', KEYS.alice, {
      comment: 'Public.',
      is_private: true,
      private: 0,
    });
    const { id } = (await response.json()) as { id: number };
    expect((await read(`/rest/bug/comment/${id}`, KEYS.bob)).comments[String(id)]?.is_private).toBe(false);
  });

  it('lets an insider post a private comment, hidden from others', async () => {
    const response = await post('/rest/bug/1/comment', KEYS.alice, { comment: 'Between us.', is_private: true });
    const { id } = (await response.json()) as { id: number };
    await expectBugzillaError(await api(`/rest/bug/comment/${id}`, { key: KEYS.bob }), 401, 110);
    expect((await read(`/rest/bug/comment/${id}`, KEYS.alice)).comments[String(id)]?.text).toBe('Between us.');
  });

  it('keeps every acknowledged comment over a restart', async () => {
    const posted: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post('/rest/bug/6/comment', KEYS.admin, { comment: `Restart test ${i}` });
      posted.push(((await response.json()) as { id: number }).id);
    }
    await server.stop();
    server = await serveCli(server.dataPath);
    api = httpClient(server.url);
    const [first, ...rest] = posted;
    const query = rest.map((id) => `comment_ids=${id}`).join('&');
    const texts = Object.values((await read(`/rest/bug/comment/${first}?${query}`)).comments);
    expect(texts.map((comment) => comment.text).sort()).toEqual(posted.map((_, i) => `Restart test ${i}`));
  });
});

describe("a comment's effect on other users' visits, by profile", () => {
  /** Carol (not involved in bug 6) and bob (its reporter) visited it; the admin comments; whose visits remain? */
  async function visitsAfterAComment(instance: Record<string, unknown>) {
    const fixture = bugContentFixture({ instance });
    const tracker = await serveFixture({
      ...fixture,
      last_visits: [
        { user: 'carol@example.com', bug_id: 6, last_visit_ts: '2026-03-01T00:00:00Z' },
        { user: 'bob@example.com', bug_id: 6, last_visit_ts: '2026-03-01T00:00:00Z' },
      ],
    });
    try {
      const response = await fetch(`${tracker.url}/rest/bug/6/comment?Bugzilla_api_key=${KEYS.admin}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ comment: 'An update.' }),
      });
      expect(response.status).toBe(201);
      // Read as the store holds them (the contract's read works under every profile's data).
      const rows = await Promise.all(
        [KEYS.carol, KEYS.bob].map(async (key) => {
          const store = await fetch(`${tracker.url}/rest/bug_user_last_visit/6?Bugzilla_api_key=${key}`);
          return store.status === 200
            ? ((await store.json()) as Array<{ last_visit_ts: string | null }>)[0]
            : store.status;
        }),
      );
      return rows;
    } finally {
      await tracker.stop();
    }
  }

  it('keeps them by default: anyone may record a visit here', async () => {
    const [carol, bob] = await visitsAfterAComment({});
    expect(carol).toEqual({ id: 6, last_visit_ts: '2026-03-01T00:00:00Z' });
    expect(bob).toEqual({ id: 6, last_visit_ts: '2026-03-01T00:00:00Z' });
  });

  it('forgets the visits of users not involved with strict_involvement, as 5.2 does', async () => {
    const [carol, bob] = await visitsAfterAComment({ strict_involvement: true });
    expect(carol).toEqual({ id: 6, last_visit_ts: null });
    expect(bob).toEqual({ id: 6, last_visit_ts: '2026-03-01T00:00:00Z' });
  });
});
