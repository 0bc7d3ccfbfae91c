import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { isSafeUserRegexp } from './membership.js';

/*
 * A group's user regexp makes members, as 5.2's user_group_map rows of grant type regexp do: the
 * request's user sees and may edit what the group guards (issue 34 item 5), and a regexp that could
 * backtrack without end is no membership at all (and Group.create refuses it).
 */
let server: InProcessServer;

beforeAll(async () => {
  const fixture = standardFixture();
  server = await serveInProcess({
    ...fixture,
    groups: [...fixture.groups.filter((group) => group !== 'other'), { name: 'other', user_regexp: '^bob@' }],
    bugs: [...fixture.bugs, { id: 90, reporter: 'admin@example.com', groups: ['other'] }],
  });
});
afterAll(() => server?.stop());

const get = (path: string, key: string) =>
  fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}Bugzilla_api_key=${key}`).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { bugs?: Array<{ id: number }>; code?: number },
  }));

describe('membership through a group user regexp', () => {
  it("lets the matching user see the group's bug, and no one else", async () => {
    expect(await get('/rest/bug/90', KEYS.bob)).toMatchObject({ status: 200, body: { bugs: [{ id: 90 }] } });
    expect(await get('/rest/bug/90', KEYS.carol)).toMatchObject({ status: 401, body: { code: 102 } });
  });

  it("finds the group's bug in the matching user's searches", async () => {
    const found = await get('/rest/bug?id=90', KEYS.bob);
    expect(found.body.bugs?.map((bug) => bug.id)).toEqual([90]);
  });

  it('lets the matching user change the bug they may now see', async () => {
    const response = await fetch(`${server.url}/rest/bug/90?Bugzilla_api_key=${KEYS.bob}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment: { body: 'Seen through the regexp.' } }),
    });
    expect(response.status).toBe(200);
  });

  it('takes a regexp that could backtrack without end as no membership', () => {
    expect(isSafeUserRegexp('^bob@')).toBe(true);
    expect(isSafeUserRegexp('@example\\.com$')).toBe(true);
    expect(isSafeUserRegexp('^(a+)+$')).toBe(false);
    expect(isSafeUserRegexp('(x*)*y')).toBe(false);
    expect(isSafeUserRegexp('a'.repeat(300))).toBe(false);
  });
});
