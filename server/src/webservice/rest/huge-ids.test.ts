import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { expectBugzillaError, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/**
 * Numbers no Bugzilla id can be (its ids are 32-bit integers), on every store: a Bugzilla
 * error as for any other id that names nothing, never a 500 (PostgreSQL refuses them with
 * "out of range for type integer" if they reach it).
 */
const HUGE = '99999999999';
const JUST_PAST = String(2 ** 31);

let server: BzServer;
let fivetwo: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  [server, fivetwo] = await Promise.all([
    startServer({ fixture: standardFixture() }),
    startServer({ fixture: standardFixture(), profile: 'bugzilla-5.2' }),
  ]);
  api = httpClient(server.url);
});
afterAll(async () => {
  await Promise.all([server.stop(), fivetwo.stop()]);
});

describe('ids at and beyond 2^31', () => {
  for (const id of [HUGE, JUST_PAST]) {
    it(`POST /rest/bug_user_last_visit/${id} (path and body) answers code 100 and records nothing`, async () => {
      for (const base of [server.url, fivetwo.url]) {
        const call = httpClient(base);
        const path = await call(`/rest/bug_user_last_visit/${id}`, { method: 'POST', key: KEYS.bob });
        await expectBugzillaError(path, 400, 100, 'You must enter a valid bug number!');
        // The body's ids replace the path's (5.2 has no POST route without one).
        const body = await call('/rest/bug_user_last_visit/1', {
          method: 'POST',
          key: KEYS.bob,
          json: { ids: [Number(id)] },
        });
        await expectBugzillaError(body, 400, 100, 'You must enter a valid bug number!');
        const read = await call(`/rest/bug_user_last_visit/${id}`, { key: KEYS.bob });
        expect(read.status).toBeLessThan(500);
      }
    });

    it(`reads of bug, comment and history ${id} answer a Bugzilla error, not a 500`, async () => {
      for (const path of [
        `/rest/bug/${id}`,
        `/rest/bug/${id}/comment`,
        `/rest/bug/${id}/history`,
        `/rest/bug/comment/${id}`,
      ]) {
        const response = await api(path, { key: KEYS.bob });
        expect(response.status, path).toBeLessThan(500);
        expect(((await response.json()) as { error?: boolean }).error, path).toBe(true);
      }
      const search = await api(`/rest/bug?id=${id}`, { key: KEYS.bob });
      expect(search.status).toBeLessThan(500);
    });

    it(`a login token of user ${id} is refused as a bad token, not a 500`, async () => {
      const response = await api(`/rest/whoami?Bugzilla_token=${id}-abcdef`);
      expect(response.status).toBeLessThan(500);
      expect(((await response.json()) as { error?: boolean }).error).toBe(true);
    });
  }
});
