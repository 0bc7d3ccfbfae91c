import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';

/*
 * Bug.search's email chart (`emailN`, `emailtypeN`, `emailROLEN=1`), as Bugzilla's Search.pm takes
 * it: what "the bugs I am involved in" is asked with. On the recorded 5.2 data set, as
 * user@example.com: assignee of 5 and 10, reporter of 4, 7 and 9, CC of 2, 6 and 8 (6 is in a
 * group whose CC list may not see it).
 */
let server: InProcessServer;
beforeAll(async () => {
  server = await serveInProcess(bugzilla52Fixture());
});
afterAll(() => server.stop());

async function ids(query: string): Promise<number[]> {
  const response = await fetch(`${server.url}/rest/bug?${query}&include_fields=id`, {
    headers: { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.user },
  });
  expect(response.status).toBe(200);
  const { bugs } = (await response.json()) as { bugs: Array<{ id: number }> };
  return bugs.map((bug) => bug.id);
}

describe("Bug.search's email chart", () => {
  const me = 'email1=user@example.com&emailtype1=equals';
  it('finds the bugs a user is involved in, in any role, leaving out those they may not see', async () => {
    const roles = 'emailassigned_to1=1&emailreporter1=1&emailcc1=1&emailqa_contact1=1';
    expect(await ids(`${me}&${roles}`)).toEqual([2, 4, 5, 7, 8, 9, 10]);
  });

  it('matches only the roles asked for', async () => {
    expect(await ids(`${me}&emailassigned_to1=1`)).toEqual([5, 10]);
    expect(await ids(`${me}&emailcc1=1`)).toEqual([2, 8]);
    expect(await ids(`${me}&emailqa_contact1=1`)).toEqual([]);
  });

  it('takes anyexact by default (the letter case minded), substring when asked, and ANDs several charts', async () => {
    expect(await ids('email1=user@example.com&emailreporter1=1')).toEqual([4, 7, 9]);
    expect(await ids('email1=USER@&emailreporter1=1')).toEqual([]);
    expect(await ids('email1=USER@&emailtype1=substring&emailreporter1=1')).toEqual([4, 7, 9]);
    expect(await ids(`${me}&emailreporter1=1&email2=dev@example.com&emailtype2=equals&emailassigned_to2=1`)).toEqual([
      7,
    ]);
  });
});
