import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachReviewRequest, BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/mydashboard/run_flag_query` (extensions/MyDashboard/lib/WebService.pm over
 * Queries.pm query_flags): the fixture's bug 1 has a needinfo? set by admin, asked of dev.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

type Rows = { result: Record<string, Array<Record<string, unknown>>> };
const query = (type: string, key: string) => getOk<Rows>(api, `/rest/mydashboard/run_flag_query?type=${type}`, key);

const needinfo = {
  id: 1,
  type: 'needinfo',
  status: '?',
  attach_id: null,
  is_patch: false,
  bug_id: 1,
  requester: BMO_LOGINS.admin,
  requestee: BMO_LOGINS.dev,
  updated: '2026-01-02 00:00:00 UTC',
  updated_epoch: Date.parse('2026-01-02T00:00:00Z') / 1000,
  updated_fancy: '5 months ago',
  bug_summary: 'Crash on start',
};

describe('GET /rest/mydashboard/run_flag_query under bmo', () => {
  it('lists the requests asked of the caller, or asked by them, under the type asked', async () => {
    expect(await query('requestee', BMO_KEYS.dev)).toEqual({
      result: { requestee: [expect.objectContaining(needinfo)] },
    });
    expect(await query('requester', BMO_KEYS.admin)).toEqual({
      result: { requester: [expect.objectContaining(needinfo)] },
    });
    expect(await query('requester', BMO_KEYS.dev)).toEqual({ result: { requester: [] } });
    expect(await query('requestee', BMO_KEYS.admin)).toEqual({ result: { requestee: [] } });
  });

  it("lists an attachment's request, newest first, unless the attachment is private to the caller", async () => {
    const ids: number[] = [];
    for (const summary of ['fix', 'private fix']) ids.push(await attachReviewRequest(api, summary, BMO_LOGINS.dev));
    // The second made private afterwards: dev, no insider, no longer sees its request.
    const hidden = await api(`/rest/bug/attachment/${ids[1]}`, {
      method: 'PUT',
      key: BMO_KEYS.admin,
      json: { is_private: true },
    });
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    const rows = (await query('requestee', BMO_KEYS.dev)).result.requestee ?? [];
    expect(rows.map((row) => [row.type, row.is_patch, row.updated_fancy])).toEqual([
      ['review', true, 'Just now'],
      ['needinfo', false, '5 months ago'],
    ]);
    expect(rows[0]?.attach_id).toBe(ids[0]);
    // The insider who asked sees both.
    expect((await query('requester', BMO_KEYS.admin)).result.requester?.map((row) => row.attach_id)).toEqual([
      ids[0],
      ids[1],
      null,
    ]);
  });

  it('refuses a call without a type (50) and a logged-out one (410)', async () => {
    await expectBugzillaError(await api('/rest/mydashboard/run_flag_query', { key: BMO_KEYS.dev }), 400, 50);
    await expectBugzillaError(await api('/rest/mydashboard/run_flag_query?type=requestee'), 401, 410);
  });
});
