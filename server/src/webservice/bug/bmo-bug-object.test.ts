import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * The bug object as bugzilla.mozilla.org gives it (Bugzilla/WebService/Bug.pm `_bug_to_hash`,
 * `_user_to_hash`, `_attachment_to_hash`; Product.pm `_component_to_hash`), under the bmo profile.
 */

type Bugs = { bugs: Array<Record<string, unknown>> };
let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T00:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

const bug = async (path: string, key?: string) =>
  ((await getOk<Bugs>(api, path, key)).bugs[0] ?? {}) as Record<string, unknown>;
const dana = { id: 2, real_name: 'Dana Dev [:dana]', nick: 'dana', name: BMO_LOGINS.dev, email: BMO_LOGINS.dev };
const tom = {
  id: 3,
  real_name: 'Tom Triage (he/him) [:tom]',
  nick: 'tom',
  name: BMO_LOGINS.triager,
  email: BMO_LOGINS.triager,
};

describe('Bug.get under bmo', () => {
  it("gives BMO's default fields: one alias, type, duplicates, mentors, comment_count, regressions, and nicks", async () => {
    const one = await bug('/rest/bug/1', BMO_KEYS.dev);
    expect(one).toMatchObject({
      id: 1,
      alias: 'public-bug',
      type: 'defect',
      duplicates: [3],
      mentors: [BMO_LOGINS.triager],
      mentors_detail: [tom],
      comment_count: 3,
      regressed_by: [],
      regressions: [4],
      assigned_to_detail: dana,
    });
    expect(one).not.toHaveProperty('tags');
    // The deadline is for time trackers only (dev is not one).
    expect(one).not.toHaveProperty('deadline');
    expect(await bug('/rest/bug/1', BMO_KEYS.admin)).toMatchObject({ deadline: '2026-09-01' });
    expect(await bug('/rest/bug/4')).toMatchObject({
      alias: null,
      type: 'enhancement',
      regressed_by: [1],
      duplicates: [],
    });
  });

  it("gives BMO's extras when asked: triage owner, counts, attachments, comments, history, description, filed_via", async () => {
    const extras = await bug('/rest/bug/1?include_fields=_extra', BMO_KEYS.dev);
    expect(Object.keys(extras).sort()).toEqual(
      [
        'attachments',
        'comments',
        'counts',
        'description',
        'filed_via',
        'history',
        'last_change_time_non_bot',
        'triage_owner',
        'triage_owner_detail',
      ].sort(),
    );
    expect(extras).toMatchObject({
      triage_owner: BMO_LOGINS.triager,
      triage_owner_detail: tom,
      counts: {
        attachments: 0,
        cc: 0,
        comments: 2,
        keywords: 0,
        blocks: 0,
        depends_on: 0,
        regressed_by: 1,
        regressions: 0,
        duplicates: 1,
      },
      attachments: [],
      description: 'Crashes.',
      filed_via: 'standard_form',
      last_change_time_non_bot: '2026-01-03T00:00:00Z',
      history: [],
    });
    expect((extras.comments as Array<{ id: number }>).map((comment) => comment.id)).toEqual([1, 2]);
    const since = await bug('/rest/bug/1?include_fields=comments&new_since=2026-01-01T12:00:00Z', BMO_KEYS.admin);
    expect((since.comments as Array<{ id: number }>).map((comment) => comment.id)).toEqual([2, 3]);
    expect(await bug('/rest/bug/4?include_fields=triage_owner,filed_via')).toEqual({
      triage_owner: '',
      filed_via: 'unknown',
    });
  });

  it('searches and updates answer the one alias too', async () => {
    const found = await getOk<Bugs>(api, '/rest/bug?id=1&include_fields=id,alias,type');
    expect(found.bugs).toEqual([{ id: 1, alias: 'public-bug', type: 'defect' }]);
    const updated = await api('/rest/bug/1', { method: 'PUT', key: BMO_KEYS.admin, json: { whiteboard: '[x]' } });
    expect(((await updated.json()) as { bugs: Array<{ alias: unknown }> }).bugs[0]?.alias).toBe('public-bug');
  });
});

describe('Product.get and Bug.attachments under bmo', () => {
  it("gives each component's triage owner and default bug type", async () => {
    const products = await getOk<{ products: Array<{ components: unknown[] }> }>(
      api,
      '/rest/product?names=Firefox&include_fields=components.name,components.triage_owner,components.default_bug_type',
    );
    expect(products.products[0]?.components).toEqual([
      { name: 'General', triage_owner: BMO_LOGINS.triager, default_bug_type: 'defect' },
      { name: 'Toolbars', triage_owner: '', default_bug_type: 'defect' },
    ]);
  });

  it("gives an attachment BMO's description, attacher and creator_detail", async () => {
    await api('/rest/bug/4/attachment', {
      method: 'POST',
      key: BMO_KEYS.dev,
      json: {
        ids: [4],
        data: Buffer.from('x').toString('base64'),
        file_name: 'a.txt',
        summary: 'A',
        content_type: 'text/plain',
      },
    });
    const listed = await getOk<{ bugs: Record<string, Array<Record<string, unknown>>> }>(api, '/rest/bug/4/attachment');
    expect(listed.bugs['4']?.[0]).toMatchObject({
      summary: 'A',
      description: 'A',
      creator: BMO_LOGINS.dev,
      attacher: BMO_LOGINS.dev,
      creator_detail: dana,
    });
    const inBug = await bug('/rest/bug/4?include_fields=attachments&exclude_fields=attachments.data');
    expect((inBug.attachments as Array<Record<string, unknown>>)[0]).toMatchObject({
      description: 'A',
      creator_detail: dana,
    });
    expect((inBug.attachments as Array<Record<string, unknown>>)[0]).not.toHaveProperty('data');
  });
});
