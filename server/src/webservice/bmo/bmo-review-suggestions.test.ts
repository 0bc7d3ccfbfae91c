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
 * component has dev@; bug 1 (Firefox/General) has the mentor triager@; bug 2 is in the security group.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;
type Reviewer = { id: number; email: string; name: string; nick: string; review_count: number };
const suggestions = (path: string, key?: string) => getOk<Reviewer[]>(api, `/rest/review/suggestions${path}`, key);
const emails = async (path: string, key?: string) => (await suggestions(path, key)).map((one) => one.email);

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T12:00:00Z' });
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
