import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';

/*
 * Bug.search by flag (`fN=requestees.login_name`, `setters.login_name`, `flagtypes.name`), on the
 * recorded 5.2 data set (review+ on bug 8, set by admin) with the extension's needinfo?(user) on
 * bug 8 and a needinfo?(dev) on bug 1 set by user. Bug 3 is secret: its flag is never found by user.
 */
let server: InProcessServer;
beforeAll(async () => {
  const fixture = bugzilla52Fixture();
  const flag = (id: number, status: string, setter: string, requestee: string | null) => ({
    id,
    name: 'needinfo',
    type_id: 2,
    status,
    setter,
    requestee,
    creation_date: '2026-11-26T17:37:28Z',
    modification_date: '2026-11-26T17:37:28Z',
  });
  for (const bug of fixture.bugs ?? []) {
    const flags = (bug as { flags: unknown[] }).flags;
    if (bug.id === 8) flags.unshift(flag(3, '?', 'admin@example.com', 'user@example.com'));
    if (bug.id === 1) flags.push(flag(4, '?', 'user@example.com', 'dev@example.com'));
    if (bug.id === 3) flags.push(flag(5, '?', 'admin@example.com', 'user@example.com'));
  }
  server = await serveInProcess(fixture);
});
afterAll(() => server.stop());

async function ids(query: string, key: string | null = BUGZILLA_52_KEYS.user): Promise<number[]> {
  const response = await fetch(`${server.url}/rest/bug?${query}&include_fields=id`, {
    headers: key ? { 'X-BUGZILLA-API-KEY': key } : {},
  });
  const body = (await response.json()) as { bugs: Array<{ id: number }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.bugs.map((bug) => bug.id);
}

describe('Bug.search by flag', () => {
  it('finds the bugs with a flag requested of a user, minding letter case (equals), only those the caller may see', async () => {
    expect(await ids('f1=requestees.login_name&o1=equals&v1=user@example.com')).toEqual([8]);
    expect(await ids('f1=requestees.login_name&o1=equals&v1=user@example.com', BUGZILLA_52_KEYS.admin)).toEqual([3, 8]);
    // 5.2 compares with PostgreSQL's =, which minds the case; substring (ILIKE) does not.
    expect(await ids('f1=requestees.login_name&o1=equals&v1=USER@example.com', BUGZILLA_52_KEYS.admin)).toEqual([]);
    expect(await ids('f1=requestees.login_name&o1=substring&v1=USER@', BUGZILLA_52_KEYS.admin)).toEqual([3, 8]);
    expect(await ids('f1=requestees.login_name&o1=equals&v1=dev@example.com', null)).toEqual([1]);
  });

  it('finds the bugs with a flag set by a user', async () => {
    expect(await ids('f1=setters.login_name&o1=equals&v1=admin@example.com')).toEqual([8]);
    expect(await ids('f1=setters.login_name&o1=substring&v1=user@')).toEqual([1]);
  });

  it("matches a type's name with the status, and negates over all of a bug's flags", async () => {
    expect(await ids('f1=flagtypes.name&o1=equals&v1=review%2B')).toEqual([8]);
    expect(await ids('f1=flagtypes.name&o1=equals&v1=needinfo%3F')).toEqual([1, 8]);
    expect(await ids('f1=flagtypes.name&o1=substring&v1=REVIEW')).toEqual([8]);
    expect(await ids('f1=flagtypes.name&o1=anyexact&v1=review%2B,needinfo%3F')).toEqual([1, 8]);
    expect(await ids('f1=flagtypes.name&o1=regexp&v1=^need')).toEqual([1, 8]);
    expect(await ids('f1=flagtypes.name&o1=notequals&v1=review%2B&id=1,2,8')).toEqual([1, 2]);
    // 5.2 hands isnotempty to _multiselect_isempty as negated, which reverses it back: both find the bugs without flags.
    expect(await ids('f1=flagtypes.name&o1=isnotempty')).toEqual([2, 4, 5, 7, 9, 10, 12]);
    expect(await ids('f1=flagtypes.name&o1=isempty')).toEqual([2, 4, 5, 7, 9, 10, 12]);
  });

  it('ANDs several charts, and with the other criteria', async () => {
    const query = 'f1=flagtypes.name&o1=equals&v1=needinfo%3F&f2=requestees.login_name&o2=equals&v2=dev@example.com';
    expect(await ids(query)).toEqual([1]);
    expect(await ids('f1=flagtypes.name&o1=substring&v1=needinfo&product=Nothing')).toEqual([]);
  });

  it('compares bug ids as numbers', async () => {
    expect(await ids('f1=bug_id&o1=greaterthan&v1=9')).toEqual([10, 12]);
    expect(await ids('f1=bug_id&o1=lessthaneq&v1=2&f2=flagtypes.name&o2=isnotempty')).toEqual([2]);
  });

  it("refuses an operator Bugzilla does not have, as 5.2's code error", async () => {
    const response = await fetch(`${server.url}/rest/bug?f1=flagtypes.name&o1=sounds_like&v1=x`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: true,
      code: 68000,
      message: 'Bugzilla does not support the search type "sounds_like".',
    });
  });
});
