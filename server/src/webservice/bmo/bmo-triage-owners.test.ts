import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/bmo/triage_owners` (extensions/BMO/lib/API/V1/Triage.pm over
 * extensions/BMO/lib/Reports/Triage.pm `owners`), on BMO's priorities, where `--` is "not triaged".
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  const fixture = bmoFixture();
  bz = await startServer({
    fixture: {
      ...fixture,
      field_values: { priority: ['P1', 'P2', 'P3', 'P4', 'P5', '--'] },
      bugs: fixture.bugs.map((bug) => ({ ...bug, priority: '--' })),
    },
  });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

const counts = (defect: number, enhancement: number) => ({ defect, enhancement, task: 0, total: defect + enhancement });
const general = { triage_owner: BMO_LOGINS.triager, bug_counts: counts(1, 0) };
const toolbars = { triage_owner: '', bug_counts: counts(0, 1) };

describe('GET /rest/bmo/triage_owners under bmo', () => {
  it("gives each component's triage owner and its open untriaged bugs without a needinfo, by type", async () => {
    // Bug 1 waits on a needinfo and bug 3 is closed; bug 2 counts though the caller cannot see it (the report's SQL).
    expect(await getOk(api, '/rest/bmo/triage_owners')).toEqual({ Firefox: { General: general, Toolbars: toolbars } });
  });

  it('narrows to an owner, or to components of the one product named', async () => {
    expect(await getOk(api, `/rest/bmo/triage_owners?owner=${BMO_LOGINS.triager}`)).toEqual({
      Firefox: { General: general },
    });
    expect(await getOk(api, '/rest/bmo/triage_owners?product=Firefox&component=Toolbars')).toEqual({
      Firefox: { Toolbars: toolbars },
    });
    expect(await getOk(api, '/rest/bmo/triage_owners?product=Nothing')).toEqual({});
  });

  it('refuses an owner no account has, as login_to_id does (invalid_username, 504)', async () => {
    const response = await api('/rest/bmo/triage_owners?owner=nobody@example.com');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: true, code: 504 });
  });
});
