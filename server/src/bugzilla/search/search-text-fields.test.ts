import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';

/*
 * Bug.search by `url`, `whiteboard` and `target_milestone`, documented 5.2 parameters: url and
 * whiteboard as the summary (allwordssubstr unless bug_file_loc_type / status_whiteboard_type says
 * otherwise), the milestone exactly. The recorded data set has none of them set (every milestone is
 * `---`): a real 5.2 answers `url=x` and `whiteboard=x` with no bug, `url=` and the nowords /
 * notsubstring types with every bug, `target_milestone=---` with every bug. Bugs 2 and 3 get a URL
 * and a whiteboard here.
 */
let server: InProcessServer;
beforeAll(async () => {
  const fixture = bugzilla52Fixture();
  const extra: Record<number, { url: string; whiteboard: string }> = {
    2: { url: 'https://example.com/crash/report', whiteboard: '[needs-triage] fixed-in-2.1' },
    3: { url: 'https://example.org/other', whiteboard: '[qa+]' },
  };
  const bugs = (fixture.bugs ?? []).map((bug) => (extra[bug.id] ? { ...bug, ...extra[bug.id] } : bug));
  server = await serveInProcess({ ...fixture, bugs });
});
afterAll(() => server.stop());

async function ids(query: string): Promise<number[]> {
  const response = await fetch(`${server.url}/rest/bug?${query}&include_fields=id`, {
    headers: { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.admin },
  });
  const body = (await response.json()) as { bugs: Array<{ id: number }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.bugs.map((bug) => bug.id);
}

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

it("answers as a real 5.2 on the recorded data set's empty URLs, whiteboards and milestones (x there, zzz here)", async () => {
  expect(await ids('url=nowhere')).toEqual([]);
  expect(await ids('url=')).toEqual(ALL);
  expect(await ids('whiteboard=nothing')).toEqual([]);
  expect(await ids('whiteboard=zzz&status_whiteboard_type=nowords')).toEqual(ALL);
  expect(await ids('url=zzz&bug_file_loc_type=notsubstring')).toEqual(ALL);
  expect(await ids('target_milestone=---')).toEqual(ALL);
  expect(await ids('target_milestone=nope')).toEqual([]);
});

it('takes url and whiteboard (and their Search.pm names) as every word a substring by default', async () => {
  expect(await ids('url=EXAMPLE%20crash')).toEqual([2]);
  expect(await ids('bug_file_loc=example')).toEqual([2, 3]);
  expect(await ids('whiteboard=triage')).toEqual([2]);
  expect(await ids('status_whiteboard=qa%2B')).toEqual([3]);
  expect(await ids('whiteboard=needs-triage&status_whiteboard_type=anywords')).toEqual([2]);
  expect(await ids('whiteboard=triage&status_whiteboard_type=anywords')).toEqual([2]);
  expect(await ids('whiteboard=triag&status_whiteboard_type=anywords')).toEqual([]);
  expect(await ids('url=https://example.org/other&bug_file_loc_type=equals')).toEqual([3]);
});
