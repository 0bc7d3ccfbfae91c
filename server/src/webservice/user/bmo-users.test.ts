import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';
import { whoUuid } from '../../bugzilla/user/bmo-nick.js';

/*
 * Users as bugzilla.mozilla.org gives them: whoami's nick, mfa_status, groups and uuid
 * (Bugzilla/WebService/User.pm whoami), User.get's nick and the Review extension's `requests`.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
// Each test starts from the fixture: a call records the caller's last_seen_date.
beforeEach(() => bz.reset());

describe('whoami under bmo', () => {
  it("answers BMO's fields: the nick from the name, no login, the groups, and a uuid that names no one", async () => {
    expect(await getOk(api, '/rest/whoami', BMO_KEYS.dev)).toEqual({
      id: 2,
      real_name: 'Dana Dev [:dana]',
      nick: 'dana',
      name: BMO_LOGINS.dev,
      mfa_status: false,
      groups: ['editbugs'],
      uuid: whoUuid(2, 'bz-companion'),
    });
    // A name without a :nick gives the login's part before @ (Bugzilla::User::nick).
    expect(await getOk(api, '/rest/whoami', BMO_KEYS.triager)).toMatchObject({ nick: 'tom' });
    expect(whoUuid(2, 'bz-companion')).toMatch(/^bmo-who:[0-9a-f]{40}$/);
  });
});

describe('User.get under bmo', () => {
  it('records the day a user is seen, as Bugzilla.pm login does, once a day', async () => {
    const seen = () =>
      getOk<{ users: Array<{ last_seen_date: string | null }> }>(
        api,
        `/rest/user?names=${BMO_LOGINS.triager}&include_fields=last_seen_date`,
        BMO_KEYS.admin,
      );
    await getOk(api, '/rest/whoami', BMO_KEYS.triager);
    expect((await seen()).users[0]?.last_seen_date).toBe('2026-06-01T00:00:00Z');
  });

  it('gives the nick to everyone, and when asked the pending requests and whether they are blocked', async () => {
    const anonymous = await getOk<{ users: unknown[] }>(api, `/rest/user?names=${BMO_LOGINS.triager}`);
    expect(anonymous.users).toEqual([
      { id: 3, real_name: 'Tom Triage (he/him) [:tom]', nick: 'tom', name: BMO_LOGINS.triager },
    ]);
    const asked = await getOk<{ users: unknown[] }>(
      api,
      `/rest/user?names=${BMO_LOGINS.dev}&names=${BMO_LOGINS.out}&include_fields=name,nick,requests,last_seen_date`,
      BMO_KEYS.admin,
    );
    expect(asked.users).toEqual([
      {
        name: BMO_LOGINS.dev,
        nick: 'dana',
        last_seen_date: null,
        requests: {
          review: { blocked: false, pending: 0 },
          feedback: { blocked: false, pending: 0 },
          needinfo: { blocked: false, pending: 1 },
        },
      },
      {
        name: BMO_LOGINS.out,
        nick: 'out',
        last_seen_date: '2026-05-20T00:00:00Z',
        requests: {
          review: { blocked: true, pending: 0 },
          feedback: { blocked: true, pending: 0 },
          needinfo: { blocked: true, pending: 0 },
        },
      },
    ]);
  });
});
