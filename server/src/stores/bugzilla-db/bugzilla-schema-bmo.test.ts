import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeBmoReviewTables } from '../../../testing/bmo-review-tables-data.js';
import { writeSmallTrackingFlags } from '../../../testing/bmo-tracking-flags-data.js';
import { openBugzillaSqlSession } from '../../../testing/bugzilla-sql-session.js';
import { type BugzillaServer, openBugzillaServer } from '../../../testing/bugzilla-test-database.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { ManualClock } from '../../../testing/in-process-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';

const ADMIN_KEY = 'OracleAdminKey0000000000000000000000000A';
const FLAG = 'cf_status_firefox120';

/*
 * Serving a bugzilla.mozilla.org database (--bugzilla-schema --profile bmo) with what BMO adds to
 * 5.2's tables, over the recorded 5.2's data:
 * - its TrackingFlags tables (testing/bmo-tracking-flags-data.ts: cf_status_firefox120 shown on all of
 *   TestProduct, product 1, and on Gadgets' Firmware, product 2's component 2; bug 1 `affected`; here
 *   bug 10 `fix_later` too). A tracking flag has no column in `bugs`: its value is the bug's
 *   tracking_flags_bugs row, '---' where there is none, as extensions/TrackingFlags reads and searches it.
 * - its components' triage owners and Review's suggested reviewers (testing/bmo-review-tables-data.ts:
 *   TestComponent's triage owner user 2; TestProduct suggests users 2 then 1, TestComponent user 1).
 */
describeWithPostgres('a BMO database’s tracking flags, triage owners and reviewers (--bugzilla-schema)', () => {
  const url = useFreshDatabase();
  let bugzilla: BugzillaServer;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    bugzilla = await openBugzillaServer(url(), {
      clock: new ManualClock(Date.parse('2026-11-22T17:48:52Z')),
      profile: 'bmo',
      prepare: async (sql) => {
        const session = await openBugzillaSqlSession(url());
        try {
          await writeSmallTrackingFlags(session);
          await writeBmoReviewTables(session);
        } finally {
          await session.close();
        }
        await sql.query(
          `INSERT INTO tracking_flags_bugs (id, tracking_flag_id, bug_id, value) VALUES (2, 1, 10, 'fix_later')`,
        );
      },
    });
    api = httpClient(bugzilla.server.url);
  });
  afterAll(() => bugzilla?.close());

  const search = async (query: string) =>
    (await getOk<{ bugs: Array<{ id: number }> }>(api, `/rest/bug?${query}&include_fields=id`, ADMIN_KEY)).bugs.map(
      (bug) => bug.id,
    );

  it('reads the flag into the catalogue with where it shows, its values and their setters', () => {
    const field = bugzilla.store.catalogue.customField(FLAG);
    expect(field?.tracking).toMatchObject({
      kind: 'status',
      visibility: [
        { productId: 1, componentId: null },
        { productId: 2, componentId: 2 },
      ],
    });
    expect(field?.values.map((value) => value.value)).toEqual(['---', 'affected', 'fix_later', 'fixed', 'wontfix']);
  });

  it('answers each bug’s value where the flag shows, and leaves it out where it does not', async () => {
    const shown = await getOk<{ bugs: Array<Record<string, unknown>> }>(
      api,
      `/rest/bug?id=1,2,7,10&include_fields=id,${FLAG}`,
      ADMIN_KEY,
    );
    expect(shown.bugs).toEqual([
      { id: 1, [FLAG]: 'affected' },
      { id: 2, [FLAG]: '---' },
      { id: 7 },
      { id: 10, [FLAG]: 'fix_later' },
    ]);
    expect((await bugzilla.store.bugById(1))?.fields.custom).toEqual({ [FLAG]: 'affected' });
    expect((await bugzilla.store.bugById(2))?.fields).not.toHaveProperty('custom');
  });

  it('searches it as the TrackingFlags extension does: no row reads ---, but is empty', async () => {
    expect(await search(`${FLAG}=affected`)).toEqual([1]);
    expect(await search(`f1=${FLAG}&o1=anywordssubstr&v1=fix_%20affect`)).toEqual([1, 10]);
    expect(await search(`f1=${FLAG}&o1=notequals&v1=---`)).toEqual([1, 10]);
    expect(await search(`f1=${FLAG}&o1=isnotempty`)).toEqual([1, 10]);
    const all = await search('f1=bug_id&o1=greaterthan&v1=0');
    expect(await search(`f1=${FLAG}&o1=equals&v1=---`)).toEqual(all.filter((id) => id !== 1 && id !== 10));
    expect(await search(`f1=${FLAG}&o1=isempty`)).toEqual(all.filter((id) => id !== 1 && id !== 10));
    expect(await search(`${FLAG}=affected&${FLAG}=fix_later&order=${FLAG} DESC`)).toEqual([10, 1]);
  });

  it('lists it among the fields', async () => {
    const { fields } = await getOk<{ fields: Array<Record<string, unknown>> }>(api, `/rest/field/bug/${FLAG}`);
    expect(fields[0]).toMatchObject({ name: FLAG, is_custom: true, display_name: 'status-firefox120' });
  });

  it('reads its triage owners and suggested reviewers, and answers them as BMO does', async () => {
    const component = bugzilla.store.catalogue.product('TestProduct')?.components.find((c) => c.id === 1);
    expect(component).toMatchObject({ triageOwner: 2, reviewers: [1] });
    expect(bugzilla.store.catalogue.product('TestProduct')?.reviewers).toEqual([2, 1]);
    const { bugs } = await getOk<{ bugs: Array<Record<string, unknown>> }>(
      api,
      '/rest/bug/1?include_fields=id,triage_owner',
      ADMIN_KEY,
    );
    expect(bugs[0]).toMatchObject({ id: 1, triage_owner: 'user@example.com', triage_owner_detail: { id: 2 } });
    const suggested = await getOk<Array<{ email: string }>>(api, '/rest/review/suggestions/TestProduct', ADMIN_KEY);
    expect(suggested.map((reviewer) => reviewer.email)).toEqual(['user@example.com', 'admin@example.com']);
  });
});
