import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BMO_KEYS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's Bug.search (Bugzilla/WebService/Bug.pm search over Bugzilla/Search.pm): `triage_owner=` as a
 * role (_triage_owner_nonchanged, _triage_owner_pronoun), `type=` for its bug_type field (FIELD_MAP),
 * `count_only` answered `{bug_count}`. The fixture: bug 1 (General, whose triage owner is the triager,
 * a defect), 2 (General, in the security group), 3 (Toolbars, no triage owner, no type: the default,
 * defect), 4 (Toolbars, an enhancement).
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture() });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

const ids = async (query: string, key: string = BMO_KEYS.dev) =>
  (await getOk<{ bugs: Array<{ id: number }> }>(api, `/rest/bug?include_fields=id&${query}`, key)).bugs.map(
    (bug) => bug.id,
  );

describe('Bug.search under bmo: the triage searches', () => {
  it("finds the bugs of the components a triage owner owns, as a login's words or by chart", async () => {
    expect(await ids('triage_owner=triager@example.com')).toEqual([1]);
    expect(await ids('triage_owner=triager@example.com', BMO_KEYS.admin)).toEqual([1, 2]);
    expect(await ids('triage_owner=nobody%20triager')).toEqual([1]);
    expect(await ids('triage_owner=dev@example.com')).toEqual([]);
    expect(await ids('f1=triage_owner&o1=equals&v1=triager@example.com')).toEqual([1]);
    // A component without a triage owner is in no owner's list, a negative operator's either.
    expect(await ids('f1=triage_owner&o1=notequals&v1=dev@example.com')).toEqual([1]);
    expect(await ids('f1=triage_owner&o1=equals&v1=triager@example.com&n1=1')).toEqual([3, 4]);
  });

  it("reads %user% as the caller's own components, and refuses it logged out", async () => {
    expect(await ids('triage_owner=%25user%25', BMO_KEYS.triager)).toEqual([1]);
    expect(await ids('triage_owner=%25user%25', BMO_KEYS.dev)).toEqual([]);
    const response = await api('/rest/bug?triage_owner=%25user%25');
    expect(await response.json()).toMatchObject({ error: true, code: 32000 });
  });

  it('finds bugs by type, a bug without one being of the default type', async () => {
    expect(await ids('type=enhancement')).toEqual([4]);
    expect(await ids('type=defect')).toEqual([1, 3]);
    expect(await ids('type=task')).toEqual([]);
    expect(await ids('f1=bug_type&o1=notequals&v1=defect')).toEqual([4]);
    expect(await ids('triage_owner=triager@example.com&type=enhancement')).toEqual([]);
  });

  it("has BMO's commenter role, and longdesc as the comments' text with every word", async () => {
    expect(await ids('commenter=triager')).toEqual([3]);
    expect(await ids('longdesc=same%20crash')).toEqual([3]);
    // 5.2 makes a role of longdesc, any of its words a substring (bug 1's "Crashes." too).
    expect(await ids('longdesc=same%20exploit', BMO_KEYS.admin)).toEqual([]);
  });

  it('answers count_only with the number of every match, whatever the limit and offset', async () => {
    expect(await getOk(api, '/rest/bug?product=Firefox&count_only=1', BMO_KEYS.dev)).toEqual({ bug_count: 3 });
    expect(await getOk(api, '/rest/bug?product=Firefox&count_only=1&limit=1&offset=1', BMO_KEYS.admin)).toEqual({
      bug_count: 4,
    });
    expect(await getOk(api, '/rest/bug?type=enhancement&count_only=1', BMO_KEYS.dev)).toEqual({ bug_count: 1 });
    expect(await getOk(api, '/rest/bug?product=Nothing&count_only=1', BMO_KEYS.dev)).toEqual({ bug_count: 0 });
    // count_only=0 is false to Perl: the bugs.
    expect(await ids('product=Firefox&count_only=0')).toEqual([1, 3, 4]);
  });
});

describe('Bug.search under bugzilla-5.2: none of the triage searches', () => {
  let plain: BzServer;
  beforeAll(async () => {
    const fixture = bmoFixture();
    plain = await startServer({
      fixture: { ...fixture, instance: { ...fixture.instance, profile: 'bugzilla-5.2' as const } },
    });
  });
  afterAll(() => plain.stop());

  // 5.2 reads no credential header: these ask logged out, but for the key given as a parameter.
  it('ignores type and count_only, and refuses triage_owner as a field it does not know', async () => {
    const get = httpClient(plain.url);
    const found = await getOk<{ bugs: Array<{ id: number }> }>(
      get,
      '/rest/bug?include_fields=id&type=enhancement&count_only=1',
    );
    expect(found.bugs.map((bug) => bug.id)).toEqual([1, 3, 4]);
    const anyWord = await getOk<{ bugs: Array<{ id: number }> }>(
      get,
      `/rest/bug?include_fields=id&longdesc=same%20exploit&api_key=${BMO_KEYS.admin}`,
    );
    expect(anyWord.bugs.map((bug) => bug.id)).toEqual([2, 3]);
    const response = await get('/rest/bug?f1=triage_owner&o1=equals&v1=triager@example.com');
    expect(await response.json()).toMatchObject({ error: true, code: 108 });
  });
});
