import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardFixture } from '../../../testing/fixtures.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/** Bugzilla 5.2's PUBLIC_METHODS (Bugzilla/WebService/*.pm, release-5.2): 47 names. */
const PUBLIC_METHODS_5_2 = [
  'Bug.add_attachment',
  'Bug.add_comment',
  'Bug.attachments',
  'Bug.comments',
  'Bug.create',
  'Bug.fields',
  'Bug.get',
  'Bug.history',
  'Bug.legal_values',
  'Bug.possible_duplicates',
  'Bug.render_comment',
  'Bug.search',
  'Bug.search_comment_tags',
  'Bug.update',
  'Bug.update_attachment',
  'Bug.update_comment_tags',
  'Bug.update_see_also',
  'Bug.update_tags',
  'BugUserLastVisit.get',
  'BugUserLastVisit.update',
  'Bugzilla.extensions',
  'Bugzilla.last_audit_time',
  'Bugzilla.parameters',
  'Bugzilla.time',
  'Bugzilla.timezone',
  'Bugzilla.version',
  'Classification.get',
  'Component.create',
  'FlagType.create',
  'FlagType.get',
  'FlagType.update',
  'Group.create',
  'Group.get',
  'Group.update',
  'Product.create',
  'Product.get',
  'Product.get_accessible_products',
  'Product.get_enterable_products',
  'Product.get_selectable_products',
  'Product.update',
  'User.create',
  'User.get',
  'User.login',
  'User.logout',
  'User.offer_account_by_email',
  'User.update',
  'User.valid_login',
];
const RPC_ONLY = [
  'Bug.possible_duplicates',
  'Bug.render_comment',
  'Bug.update_see_also',
  'Bug.update_tags',
  'User.offer_account_by_email',
];

interface Listed {
  name: string;
  rest: string | null;
  protocols: string[];
  params: { type?: string; properties?: Record<string, unknown> };
  result: unknown;
}

describe('GET /rest/methods.json', () => {
  const lists = new Map<string, { count: number; methods: Listed[] }>();
  const servers: BzServer[] = [];
  beforeAll(async () => {
    for (const profile of ['bz-companion', 'bugzilla-5.2'] as const) {
      const bz = await startServer({ fixture: standardFixture(), profile });
      servers.push(bz);
      lists.set(
        profile,
        (await (await fetch(`${bz.url}rest/methods.json`)).json()) as { count: number; methods: Listed[] },
      );
    }
  });
  afterAll(() => Promise.all(servers.map((bz) => bz.stop())));
  const names = (profile: string) => (lists.get(profile)?.methods ?? []).map((method) => method.name).sort();

  it("lists 5.2's 47 public methods under bugzilla-5.2, and those and User.whoami (48) by default", () => {
    expect(PUBLIC_METHODS_5_2).toHaveLength(47);
    expect(lists.get('bugzilla-5.2')?.count).toBe(47);
    expect(names('bugzilla-5.2')).toEqual([...PUBLIC_METHODS_5_2].sort());
    expect(lists.get('bz-companion')?.count).toBe(48);
    expect(names('bz-companion')).toEqual([...PUBLIC_METHODS_5_2, 'User.whoami'].sort());
  });

  it('describes the five RPC-only methods: no REST resource, their params and result as JSON Schema', () => {
    const methods = lists.get('bugzilla-5.2')?.methods ?? [];
    for (const name of RPC_ONLY) {
      const method = methods.find((listed) => listed.name === name);
      expect(method, name).toMatchObject({ rest: null, protocols: ['XML-RPC', 'JSON-RPC'] });
      expect(method?.params.type, name).toBe('object');
      expect(method?.result, name).toEqual(expect.any(Object));
    }
    expect(methods.find((method) => method.name === 'Bug.render_comment')?.params.properties).toHaveProperty('text');
  });

  it('names the REST resource of the others', () => {
    expect(lists.get('bugzilla-5.2')?.methods.find((method) => method.name === 'Bug.add_comment')).toMatchObject({
      rest: 'POST /rest/bug/{id}/comment',
      protocols: ['REST', 'XML-RPC', 'JSON-RPC'],
    });
  });
});
