import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askUnderBugzilla52, BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/review/flag_activity` and its path forms (extensions/Review/lib/WebService.pm
 * flag_activity, rest_resources): the flag_activity rows Bugzilla/Flag.pm writes, in the last 30 days
 * unless after/before say, by id, of bugs and attachments the caller may see. The fixture's bug 1 has a
 * needinfo? (flag 1) asked of dev; bug 2 is in the security group, which dev is not in.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;
type Row = Record<string, unknown> & { id: number; status: string; bug_id: number };
const activity = (path: string, key?: string) => getOk<Row[]>(api, `/rest/review/flag_activity${path}`, key);

const update = async (bug: number, flags: unknown[]) => {
  const response = await api(`/rest/bug/${bug}`, { method: 'PUT', key: BMO_KEYS.admin, json: { flags } });
  expect(response.status, await response.clone().text()).toBe(200);
};

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
  await update(1, [{ id: 1, status: 'X' }]);
  await update(1, [{ name: 'needinfo', status: '?', requestee: BMO_LOGINS.triager }]);
  await update(2, [{ name: 'needinfo', status: '?', requestee: BMO_LOGINS.admin }]);
});
afterAll(() => bz.stop());

describe('GET /rest/review/flag_activity under bmo', () => {
  it("answers each change as _flag_activity_to_hash makes it: the type, the setter's and requestee's hashes", async () => {
    const rows = await activity('', BMO_KEYS.admin);
    expect(rows.map((row) => [row.bug_id, row.status])).toEqual([
      [1, 'X'],
      [1, '?'],
      [2, '?'],
    ]);
    const admin = { id: 1, real_name: expect.any(String), nick: expect.any(String), name: BMO_LOGINS.admin };
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      creation_time: '2026-06-01 12:00:00',
      type: {
        id: 1,
        name: 'needinfo',
        description: 'Set this flag when the bug is in need of additional information',
        type: 'bug',
        is_active: true,
        is_requesteeble: expect.any(Boolean),
        is_multiplicable: expect.any(Boolean),
      },
      setter: admin,
      requestee: { id: expect.any(Number), real_name: 'Dana Dev [:dana]', nick: 'dana', name: BMO_LOGINS.dev },
      bug_id: 1,
      attachment_id: null,
      status: 'X',
      flag_id: 1,
    });
    expect(rows[1]?.requestee).toMatchObject({ name: BMO_LOGINS.triager });
    // `filter($params, \%flag)`: include_fields and exclude_fields act on each row.
    expect((await activity('?include_fields=id,status', BMO_KEYS.admin))[0]).toEqual({ id: rows[0]?.id, status: 'X' });
    expect(await activity('?exclude_fields=type,setter,requestee', BMO_KEYS.admin)).toEqual(
      rows.map(({ type: _t, setter: _s, requestee: _r, ...rest }) => rest),
    );
  });

  it('finds by flag (without flag_id), requestee, setter, type id and type name, and in a window of dates', async () => {
    const rows = await activity('', BMO_KEYS.admin);
    const [cleared, asked, secret] = rows;
    const byFlag = await activity('/1', BMO_KEYS.admin);
    expect(byFlag.map((row) => row.id)).toEqual([cleared?.id]);
    expect(byFlag[0]).not.toHaveProperty('flag_id');
    expect(await activity(`/requestee/${BMO_LOGINS.triager}`, BMO_KEYS.admin)).toEqual([asked]);
    expect(await activity(`/setter/${BMO_LOGINS.admin}`, BMO_KEYS.admin)).toEqual(rows);
    expect(await activity('/type_id/1', BMO_KEYS.admin)).toEqual(rows);
    expect(await activity('/type_name/needinfo', BMO_KEYS.admin)).toEqual(rows);
    expect(await activity('/type_name/review', BMO_KEYS.admin)).toEqual([]);
    expect(await activity('?status=X', BMO_KEYS.admin)).toEqual([cleared]);
    expect(await activity('?bug_id=2', BMO_KEYS.admin)).toEqual([secret]);
    expect(await activity('?limit=1&offset=1', BMO_KEYS.admin)).toEqual([asked]);
    expect(await activity('?after=2026-06-02', BMO_KEYS.admin)).toEqual([]);
    expect(await activity('?after=2026-05-01&before=2026-05-31', BMO_KEYS.admin)).toEqual([]);
    expect(await activity('?after=2026-6-1&before=2026-6-1', BMO_KEYS.admin)).toEqual(rows);
  });

  it('leaves out the changes of bugs the caller cannot see', async () => {
    expect((await activity('', BMO_KEYS.dev)).map((row) => row.bug_id)).toEqual([1, 1]);
    expect((await activity('')).map((row) => row.bug_id)).toEqual([1, 1]);
  });

  it('refuses a bad flag or type id (32000), an unknown user (504), an offset without a limit (50)', async () => {
    await expectBugzillaError(
      await api('/rest/review/flag_activity?flag_id=x'),
      400,
      32000,
      'The flag id x is invalid.',
    );
    await expectBugzillaError(
      await api('/rest/review/flag_activity/type_id/x'),
      400,
      32000,
      'The flag type id x is invalid.',
    );
    await expectBugzillaError(await api('/rest/review/flag_activity/setter/nobody@example.com'), 401, 504);
    await expectBugzillaError(await api('/rest/review/flag_activity?offset=1'), 400, 50);
    await expectBugzillaError(await api('/rest/review/flag_activity/x'), 404, 32614);
  });
});

describe('GET /rest/review/flag_activity under other profiles', () => {
  it('is no resource (32614), as before', async () => {
    await expectBugzillaError(await askUnderBugzilla52('/rest/review/flag_activity'), 404, 32614);
  });
});

describe("a fixture's flag history under bmo", () => {
  // Bug 1's needinfo (flag 1) was asked of the triager first, then of dev (the flag as it is now); a
  // review once asked on bug 1 was cleared. The history is April's: the call asks for it by dates.
  const history = [
    {
      when: '2026-04-01T09:00:00Z',
      bug_id: 1,
      flag_id: 1,
      status: '?' as const,
      setter: BMO_LOGINS.admin,
      requestee: BMO_LOGINS.triager,
    },
    {
      id: 7,
      when: '2026-04-02T09:00:00Z',
      bug_id: 1,
      flag_id: 1,
      status: '?' as const,
      setter: BMO_LOGINS.admin,
      requestee: BMO_LOGINS.dev,
    },
    {
      when: '2026-04-03T09:00:00Z',
      bug_id: 1,
      flag_id: 9,
      type: 'needinfo',
      status: 'X' as const,
      setter: BMO_LOGINS.dev,
    },
  ];
  let withHistory: BzServer;
  beforeAll(async () => {
    withHistory = await startServer({
      fixture: { ...bmoFixture(), flag_activity: history },
      clock: '2026-06-01T12:00:00Z',
    });
  });
  afterAll(() => withHistory.stop());
  const rowsOf = (path: string) =>
    getOk<Row[]>(httpClient(withHistory.url), `/rest/review/flag_activity${path}`, BMO_KEYS.admin);

  it('is answered as the rows a write adds are, numbered after the largest id given', async () => {
    const april = await rowsOf('?after=2026-04-01&before=2026-05-31');
    expect(april.map((row) => [row.id, row.creation_time, row.flag_id, row.status])).toEqual([
      [7, '2026-04-02 09:00:00', 1, '?'],
      [8, '2026-04-01 09:00:00', 1, '?'],
      [9, '2026-04-03 09:00:00', 9, 'X'],
    ]);
    expect(april[1]).toMatchObject({ type: { id: 1, name: 'needinfo' }, requestee: { name: BMO_LOGINS.triager } });
    expect(april[2]).toMatchObject({ setter: { name: BMO_LOGINS.dev } });
    expect(april[2]).not.toHaveProperty('requestee');
    // Outside the default 30 days; a write through the API numbers its row after them.
    expect(await rowsOf('')).toEqual([]);
    const cleared = await httpClient(withHistory.url)('/rest/bug/1', {
      method: 'PUT',
      key: BMO_KEYS.admin,
      json: { flags: [{ id: 1, status: 'X' }] },
    });
    expect(cleared.status).toBe(200);
    expect((await rowsOf('')).map((row) => [row.id, row.status])).toEqual([[10, 'X']]);
    await withHistory.reset();
    expect((await rowsOf('?after=2026-04-01')).map((row) => row.id)).toEqual([7, 8, 9]);
  });
});
