import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BMO_KEYS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/* BMO's `GET /rest/bug/possible_duplicates` (Bugzilla/WebService/Bug.pm possible_duplicates). */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture() });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());

const ids = async (path: string, key?: string) =>
  (await getOk<{ bugs: Array<{ id: number }> }>(api, path, key)).bugs.map((bug) => bug.id);

const refusal = async (path: string) => {
  const response = await api(path);
  return { status: response.status, code: ((await response.json()) as { code: number }).code };
};

describe('GET /rest/bug/possible_duplicates under bmo', () => {
  it('finds the bugs a summary shares words with, a duplicate standing for its bug, those the caller may see', async () => {
    // Bug 3 duplicates bug 1; bug 2 is in a group the anonymous caller is not in.
    expect(await ids('/rest/bug/possible_duplicates?summary=crash')).toEqual([1]);
    expect(await ids('/rest/bug/possible_duplicates?summary=crash', BMO_KEYS.admin)).toEqual([1, 2]);
  });

  it('reads the summary of the bug `id` names, and leaves that bug out', async () => {
    expect(await ids('/rest/bug/possible_duplicates?id=1', BMO_KEYS.admin)).toEqual([2]);
    expect(await ids('/rest/bug/possible_duplicates?id=1&include_fields=id&limit=1', BMO_KEYS.admin)).toEqual([]);
  });

  it("refuses what its parameters' types refuse, and a call with neither id nor summary", async () => {
    expect(await refusal('/rest/bug/possible_duplicates')).toEqual({ status: 400, code: 50 });
    expect(await refusal('/rest/bug/possible_duplicates?id=public-bug')).toEqual({ status: 400, code: 53 });
    expect(await refusal('/rest/bug/possible_duplicates?summary=a&summary=b')).toEqual({ status: 400, code: 53 });
    expect(await refusal('/rest/bug/possible_duplicates?summary=crash&limit=-1')).toEqual({ status: 400, code: 52 });
    expect(await refusal('/rest/bug/possible_duplicates?id=99')).toEqual({ status: 404, code: 101 });
  });
});
