import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { jsonRpcCall, xmlRpcCall } from '../../../testing/rpc-clients.js';

/*
 * Bug.search by summary (`short_desc`, `summary`, `short_desc_type`) and a search that names no
 * criterion, over REST, XML-RPC and JSON-RPC, on the recorded 5.2 data set. The user sees bugs
 * 1, 2, 4, 5, 7-10 and 12; 8 and 9 are about a trailing comma, 8 is open and 9 a DUPLICATE.
 */
let server: InProcessServer;
/** The same tracker with `search_allow_no_criteria` off. */
let strict: InProcessServer;
beforeAll(async () => {
  server = await serveInProcess(bugzilla52Fixture());
  const fixture = bugzilla52Fixture();
  const parameters = { ...fixture.instance?.parameters, search_allow_no_criteria: '0' };
  strict = await serveInProcess({ ...fixture, instance: { ...fixture.instance, parameters } });
});
afterAll(async () => {
  await server.stop();
  await strict.stop();
});

async function restAnswer(on: InProcessServer, query: string, key: string = BUGZILLA_52_KEYS.user) {
  const response = await fetch(`${on.url}/rest/bug?${query}&include_fields=id`, {
    headers: { 'X-BUGZILLA-API-KEY': key },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function ids(query: string, key?: string, on = server): Promise<number[]> {
  const { status, body } = await restAnswer(on, query, key);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.bugs as Array<{ id: number }>).map((bug) => bug.id);
}

/** The ids Bug.search answers over XML-RPC and over JSON-RPC, which must agree. */
async function rpcIds(params: Record<string, unknown>, on = server): Promise<number[]> {
  const all = { ...params, include_fields: ['id'], Bugzilla_api_key: BUGZILLA_52_KEYS.user };
  const xml = await xmlRpcCall(on.url, 'Bug.search', all);
  const json = await jsonRpcCall(on.url, 'Bug.search', all);
  expect(json.result).toEqual(xml.result);
  return (xml.result as { bugs: Array<{ id: number }> }).bugs.map((bug) => bug.id);
}

describe('Bug.search by summary', () => {
  it('takes short_desc as every word a substring, in any letter case, as summary', async () => {
    expect(await ids('short_desc=comma')).toEqual([8, 9]);
    expect(await ids('short_desc=TRAILING%20comma')).toEqual([8]);
    expect(await ids('short_desc=query,500')).toEqual([8, 9]);
    expect(await ids('summary=trailing%20comma')).toEqual([8]);
    expect(await ids('short_desc=no-such-word')).toEqual([]);
  });

  it('needs every word of every repeated value; of summary and short_desc, one name is kept', async () => {
    expect(await ids('short_desc=comma&short_desc=trailing')).toEqual([8]);
    expect(await ids('summary=comma&summary=trailing')).toEqual([8]);
    // Bug::map_fields renames summary to short_desc in a hash: one of the two values is kept (5.2: either, by hash order).
    expect([[8, 9], [9]]).toContainEqual(await ids('summary=comma&short_desc=ends'));
  });

  it('reads short_desc_type as Search.pm does', async () => {
    expect(await ids('short_desc_type=anywordssubstr&short_desc=trailing%20dialog')).toEqual([8, 12]);
    expect(await ids('short_desc_type=substring&short_desc=ENDS%20WITH')).toEqual([9]);
    expect(await ids('short_desc_type=casesubstring&short_desc=ends%20with')).toEqual([9]);
    expect(await ids('short_desc_type=casesubstring&short_desc=ENDS%20WITH')).toEqual([]);
    expect(await ids('short_desc_type=nowordssubstr&short_desc=oracle,comma')).toEqual([7, 10, 12]);
    expect(await ids('short_desc_type=regexp&short_desc=^search')).toEqual([8, 9]);
    const exact = 'short_desc=Firmware%20signing%20key%20printed%20in%20CI%20build%20logs';
    expect(await ids(`short_desc_type=equals&${exact}`)).toEqual([]);
    expect(await ids(`short_desc_type=equals&${exact}`, BUGZILLA_52_KEYS.admin)).toEqual([11]);
  });

  it('is no criterion when empty', async () => {
    expect(await ids('short_desc=&product=Widgets')).toEqual([7, 8, 9]);
  });

  it('goes with the resolution, `---` being an open bug (python-bugzilla asks so)', async () => {
    expect(await ids('short_desc=comma&resolution=---')).toEqual([8]);
    expect(await ids('short_desc=comma&resolution=DUPLICATE')).toEqual([9]);
    expect(await ids('short_desc=comma&resolution=FIXED')).toEqual([]);
  });

  it("refuses a search type Bugzilla does not have, as 5.2's code error", async () => {
    const { status, body } = await restAnswer(server, 'short_desc_type=sounds_like&short_desc=x');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: true,
      code: 68000,
      message: 'Bugzilla does not support the search type "sounds_like".',
    });
  });

  it('answers the same over XML-RPC and JSON-RPC', async () => {
    expect(await rpcIds({ short_desc: 'comma' })).toEqual([8, 9]);
    expect(await rpcIds({ summary: 'trailing comma' })).toEqual([8]);
    expect(await rpcIds({ short_desc: ['comma', 'ends'], short_desc_type: 'allwordssubstr' })).toEqual([9]);
    expect(await rpcIds({ short_desc: 'comma', resolution: '---' })).toEqual([8]);
  });
});

describe('Bug.search with no criterion', () => {
  const visible = [1, 2, 4, 5, 7, 8, 9, 10, 12];
  const refusal = {
    code: 1000,
    message: 'You may not search, or create saved searches, without any search terms.',
  };

  it('ignores an unknown name and answers every visible bug while search_allow_no_criteria is on', async () => {
    expect(await ids('IDONTEXIST=FOO')).toEqual(visible);
    expect(await rpcIds({ IDONTEXIST: 'FOO' })).toEqual(visible);
  });

  it('is refused over REST when search_allow_no_criteria is off: unknown names, empty values or nothing', async () => {
    for (const query of ['IDONTEXIST=FOO', 'short_desc=', 'limit=5', 'ids=7,8']) {
      const { status, body } = await restAnswer(strict, query);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ error: true, ...refusal, documentation: expect.any(String) });
    }
  });

  it('is refused over XML-RPC and JSON-RPC as a fault', async () => {
    const params = { IDONTEXIST: 'FOO', Bugzilla_api_key: BUGZILLA_52_KEYS.user };
    const xml = await xmlRpcCall(strict.url, 'Bug.search', params);
    expect(xml.fault).toEqual({ faultCode: refusal.code, faultString: refusal.message });
    const json = await jsonRpcCall(strict.url, 'Bug.search', params);
    expect(json.body?.error).toMatchObject(refusal);
  });

  it('answers a search that names a criterion', async () => {
    expect(await ids('short_desc=comma', undefined, strict)).toEqual([8, 9]);
    expect(await ids('id=7', undefined, strict)).toEqual([7]);
    // 5.2 answers isnotempty on flags with the bugs without any (its _multiselect_isempty reverses it twice).
    expect(await ids('f1=flagtypes.name&o1=isnotempty', undefined, strict)).toEqual([1, 2, 4, 5, 7, 9, 10, 12]);
    expect(await ids('IDONTEXIST=FOO&product=Legacy', undefined, strict)).toEqual([]);
    // long_desc is Search.pm's old name of longdesc, a criterion: a comment whose text is exactly `x` (none is).
    expect(await ids('long_desc=x', undefined, strict)).toEqual([]);
    expect(await rpcIds({ short_desc: 'comma' }, strict)).toEqual([8, 9]);
  });
});
