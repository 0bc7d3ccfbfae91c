import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's `GET /rest/user/suggest` (Bugzilla/WebService/User.pm suggest): the fixture's people are
 * Ada Admin [:ada], Dana Dev [:dana], Tom Triage (he/him) [:tom] and Otto Outsider (nick `out`, from
 * the login), and here a disabled Dana Two [:danatwo].
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  const fixture = bmoFixture();
  const gone = { login: 'gone@example.com', real_name: 'Dana Two [:danatwo]', disabled: true };
  bz = await startServer({ fixture: { ...fixture, users: [...fixture.users, gone] } });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

const suggested = async (match: string) =>
  (
    await getOk<{ users: Array<{ name: string }> }>(
      api,
      `/rest/user/suggest?match=${encodeURIComponent(match)}`,
      BMO_KEYS.dev,
    )
  ).users.map((user) => user.name);

describe('GET /rest/user/suggest under bmo', () => {
  it('finds by nick after : or @, by login with @, by nick or login otherwise, the enabled only', async () => {
    expect(await suggested(':dana')).toEqual([BMO_LOGINS.dev]);
    expect(await suggested('@tom')).toEqual([BMO_LOGINS.triager]);
    expect(await suggested('admin@ex')).toEqual([BMO_LOGINS.admin]);
    expect(await suggested('dan')).toEqual([BMO_LOGINS.dev]);
    expect(await suggested('out')).toEqual([BMO_LOGINS.out]);
    // Prefixes only: `ana` is inside dana's nick and name but begins neither.
    expect(await suggested('ana')).toEqual([]);
  });

  it("matches the real name's words when the text has a space or begins with a capital", async () => {
    expect(await suggested('otto')).toEqual([]);
    expect(await suggested('Otto')).toEqual([BMO_LOGINS.out]);
    expect(await suggested('Dev Dan')).toEqual([BMO_LOGINS.dev]);
    expect(await suggested('Outsider')).toEqual([BMO_LOGINS.out]);
  });

  it("answers each user as BMO's suggest does", async () => {
    const got = await getOk(api, '/rest/user/suggest?match=:dana', BMO_KEYS.dev);
    expect(got).toEqual({ users: [{ id: 2, real_name: 'Dana Dev [:dana]', nick: 'dana', name: BMO_LOGINS.dev }] });
  });

  it('finds no one for fewer than three characters once trimmed, refuses no match (50) and a logged-out caller (505)', async () => {
    expect(await suggested('  da  ')).toEqual([]);
    expect(await suggested('')).toEqual([]);
    await expectBugzillaError(await api('/rest/user/suggest', { key: BMO_KEYS.dev }), 400, 50);
    await expectBugzillaError(await api('/rest/user/suggest?match=dana'), 401, 505);
  });
});

describe('GET /rest/user/suggest under bugzilla-5.2', () => {
  it('is User.get of a user named suggest (51), as 5.2 routes it', async () => {
    const fixture = bmoFixture();
    const plain = await startServer({
      fixture: { ...fixture, instance: { ...fixture.instance, profile: 'bugzilla-5.2' as const } },
    });
    try {
      const response = await httpClient(plain.url)(`/rest/user/suggest?match=dana&api_key=${BMO_KEYS.dev}`);
      await expectBugzillaError(response, 404, 51);
    } finally {
      await plain.stop();
    }
  });
});
