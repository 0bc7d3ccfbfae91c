import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askUnderBugzilla52,
  attachReviewRequest,
  BMO_KEYS,
  BMO_LOGINS,
  bmoFixture,
} from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/review/suggestions/{bug|product}[/{component}]` (extensions/Review/lib/WebService.pm
 * suggestions): the fixture's Firefox has reviewers out@ (blocking reviews) and admin@; its General
 * component has dev@; bug 1 (Firefox/General) has the mentor triager@; bug 2 is in the security group,
 * and so is the product Vault, which only that group's members (admin@) may search or enter.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;
type Reviewer = { id: number; email: string; name: string; nick: string; review_count: number };
const suggestions = (path: string, key?: string) => getOk<Reviewer[]>(api, `/rest/review/suggestions${path}`, key);
const emails = async (path: string, key?: string) => (await suggestions(path, key)).map((one) => one.email);

beforeAll(async () => {
  const fixture = bmoFixture();
  // A product only the security group may search or enter, with reviewers of its own.
  const vault = {
    name: 'Vault',
    reviewers: [BMO_LOGINS.admin],
    components: [{ name: 'Locks', default_assignee: BMO_LOGINS.admin }],
    versions: ['unspecified'],
    group_controls: [
      { group: 'security', entry: true, member_control: 'mandatory' as const, other_control: 'mandatory' as const },
    ],
  };
  // Named by a product's group_controls, the group is declared whole.
  const groups = fixture.groups.map((name) => (name === 'security' ? { name } : name));
  bz = await startServer({
    fixture: { ...fixture, groups, products: [...fixture.products, vault] },
    clock: '2026-06-01T12:00:00Z',
  });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

describe('GET /rest/review/suggestions under bmo', () => {
  it("gives a bug's mentors, then its component's reviewers, each as BMO lists them", async () => {
    const answer = await suggestions('/1');
    expect(answer.map((one) => one.email)).toEqual([BMO_LOGINS.triager, BMO_LOGINS.dev]);
    expect(answer[1]).toEqual({
      id: expect.any(Number),
      email: BMO_LOGINS.dev,
      name: 'Dana Dev [:dana]',
      nick: 'dana',
      review_count: 0,
    });
    expect(await emails('?bug_id=1')).toEqual([BMO_LOGINS.triager, BMO_LOGINS.dev]);
    expect(await suggestions('/1?include_fields=id')).toEqual(answer);
  });

  it("falls back to the product's reviewers, leaving out those who block reviews", async () => {
    expect(await emails('/Firefox')).toEqual([BMO_LOGINS.admin]);
    expect(await emails('/Firefox/Toolbars')).toEqual([BMO_LOGINS.admin]);
    expect(await emails('/Firefox/General')).toEqual([BMO_LOGINS.dev]);
    expect(await emails('?product=Firefox&component=General')).toEqual([BMO_LOGINS.dev]);
  });

  it('counts the review and feedback requests that name each reviewer (not needinfo)', async () => {
    await attachReviewRequest(api, 'fix', BMO_LOGINS.dev);
    expect((await suggestions('/Firefox/General'))[0]?.review_count).toBe(1);
  });

  it("answers a product the caller may not access as one that does not exist (Product->check's 106)", async () => {
    expect(await emails('/Vault', BMO_KEYS.admin)).toEqual([BMO_LOGINS.admin]);
    // The same words as for a product that does not exist: the refusal does not tell them apart.
    const denied = "Either the product 'Vault' does not exist or you don't have access to it.";
    await expectBugzillaError(await api('/rest/review/suggestions/Vault', { key: BMO_KEYS.triager }), 401, 106, denied);
    await expectBugzillaError(await api('/rest/review/suggestions?product=Vault'), 401, 106, denied);
    await expectBugzillaError(await api('/rest/review/suggestions/Vault/Locks'), 401, 106, denied);
  });

  it('refuses a hidden or missing bug, an unknown product or component, and a call naming neither', async () => {
    await expectBugzillaError(await api('/rest/review/suggestions/2', { key: BMO_KEYS.dev }), 401, 102);
    await expectBugzillaError(await api('/rest/review/suggestions/99'), 404, 101);
    await expectBugzillaError(await api('/rest/review/suggestions/Nope'), 401, 106);
    await expectBugzillaError(await api('/rest/review/suggestions/Firefox/Nope'), 404, 51);
    await expectBugzillaError(
      await api('/rest/review/suggestions'),
      400,
      32000,
      'You must provide either a bug_id, or a product (and optionally a component).',
    );
  });
});

describe('GET /rest/review/suggestions under other profiles', () => {
  it('is no resource (32614), as before', async () => {
    await expectBugzillaError(await askUnderBugzilla52('/rest/review/suggestions/1'), 404, 32614);
  });
});
