import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askUnderBugzilla52, BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/search/needinfo_last_seen` and `assignee_last_seen` (extensions/SearchAPI/lib/API/V1/
 * LastSeen.pm): the fixture's open bugs 1 and 4 are assigned to dev, who is asked a needinfo on 1; dev was
 * last seen on 2026-05-01 here, a month before the server's clock.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;
type Result = { result: Array<Record<string, unknown>> };
const search = (path: string, key: string = BMO_KEYS.admin) => getOk<Result>(api, `/rest/search/${path}`, key);
const ids = async (path: string, key?: string) => (await search(path, key)).result.map((bug) => bug.id);

beforeAll(async () => {
  const fixture = bmoFixture();
  const users = fixture.users.map((user) =>
    user.login === BMO_LOGINS.dev ? { ...user, last_seen_date: '2026-05-01' } : user,
  );
  bz = await startServer({ fixture: { ...fixture, users }, clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

describe('GET /rest/search/*_last_seen under bmo', () => {
  it("finds the open bugs whose needinfo requestee was last seen more than `days` ago, with BMO's to_hash", async () => {
    const { result } = await search('needinfo_last_seen?days=14');
    expect(result.map((bug) => bug.id)).toEqual([1]);
    expect(result[0]).toEqual({
      alias: 'public-bug',
      id: 1,
      is_confirmed: 1,
      op_sys: expect.any(String),
      platform: expect.any(String),
      priority: expect.any(String),
      resolution: '',
      severity: expect.any(String),
      status: expect.any(String),
      summary: 'Crash on start',
      target_milestone: expect.any(String),
      type: expect.any(String),
      url: expect.any(String),
      version: 'unspecified',
      whiteboard: expect.any(String),
      flags: [
        {
          id: 1,
          name: 'needinfo',
          type_id: 1,
          creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          modification_date: '2026-01-02 00:00:00',
          status: '?',
          setter: expect.objectContaining({ name: BMO_LOGINS.admin, email: BMO_LOGINS.admin }),
          requestee: {
            id: expect.any(Number),
            real_name: 'Dana Dev [:dana]',
            nick: 'dana',
            name: BMO_LOGINS.dev,
            email: BMO_LOGINS.dev,
          },
        },
      ],
    });
    expect(await ids('needinfo_last_seen?days=40')).toEqual([]);
    expect(await ids('needinfo_last_seen')).toEqual([]);
  });

  it('finds by assignee, with the assignee, or the fields include_fields names', async () => {
    const { result } = await search('assignee_last_seen?days=14');
    // Bugs 1 and 4 are open and dev's; bug 3, dev's too, is resolved.
    expect(result.map((bug) => bug.id)).toEqual([1, 4]);
    expect(result[0]?.assignee).toMatchObject({ name: BMO_LOGINS.dev, nick: 'dana' });
    expect(result[0]).not.toHaveProperty('flags');
    const [bug] = (await search('needinfo_last_seen?days=14&include_fields=product,component')).result;
    expect(bug).toMatchObject({ product: 'Firefox', component: 'General' });
    expect(bug).not.toHaveProperty('flags');
  });

  it('needs a login (410)', async () => {
    await expectBugzillaError(await api('/rest/search/needinfo_last_seen?days=1'), 401, 410);
  });
});

describe('GET /rest/search/needinfo_last_seen under other profiles', () => {
  it('is no resource (32614), as before', async () => {
    await expectBugzillaError(await askUnderBugzilla52('/rest/search/needinfo_last_seen?days=1'), 404, 32614);
  });
});
