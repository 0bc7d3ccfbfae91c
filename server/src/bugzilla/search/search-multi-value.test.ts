import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { jsonRpcCall, xmlRpcCall } from '../../../testing/rpc-clients.js';

/*
 * Bug.search by CC, keywords and dependencies, as charts and as Bug.search's own parameters, on
 * the recorded 5.2 data set as the admin sees it (every bug). CCs: user@ on 2, 6 and 8, admin@ on 7
 * and 8, dev@ on 10; 10 depends on 11. Keywords are added here: 1 `crash regression`, 2 `crash`,
 * 3 `perf`. The CC and dependency answers are a real 5.2's on the same data (its order aside).
 */
let server: InProcessServer;
beforeAll(async () => {
  const fixture = bugzilla52Fixture();
  const keywords: Record<number, string[]> = { 1: ['crash', 'regression'], 2: ['crash'], 3: ['perf'] };
  const bugs = (fixture.bugs ?? []).map((bug) => (keywords[bug.id] ? { ...bug, keywords: keywords[bug.id] } : bug));
  server = await serveInProcess({ ...fixture, bugs });
});
afterAll(() => server.stop());

async function answer(query: string) {
  const response = await fetch(`${server.url}/rest/bug?${query}&include_fields=id`, {
    headers: { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.admin },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function ids(query: string): Promise<number[]> {
  const { status, body } = await answer(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.bugs as Array<{ id: number }>).map((bug) => bug.id);
}

const ALL_BUT = (...left: number[]) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((id) => !left.includes(id));

describe('Bug.search by CC', () => {
  it("takes `cc` as 5.2's WebService does: any of its words a substring of a CC's login", async () => {
    expect(await ids('cc=user')).toEqual([2, 6, 8]);
    expect(await ids('cc=user%20dev')).toEqual([2, 6, 8, 10]);
    expect(await ids('cc=user&cc=dev')).toEqual([2, 6, 8, 10]);
    expect(await ids('cc=Dana')).toEqual([]);
  });

  it('takes cc charts: a bug matches when one CC does; a negated operator when none does', async () => {
    expect(await ids('f1=cc&o1=equals&v1=user@example.com')).toEqual([2, 6, 8]);
    expect(await ids('f1=cc&o1=notequals&v1=user@example.com')).toEqual(ALL_BUT(2, 6, 8));
    expect(await ids('f1=cc&o1=substring&v1=USER')).toEqual([2, 6, 8]);
    expect(await ids('f1=cc&o1=anywords&v1=user')).toEqual([2, 6, 8]);
    expect(await ids('f1=cc&o1=allwords&v1=user%20example')).toEqual([2, 6, 8]);
    expect(await ids('f1=cc&o1=regexp&v1=^u')).toEqual([2, 6, 8]);
    expect(await ids('f1=cc&o1=nowords&v1=user')).toEqual(ALL_BUT(2, 6, 8));
    expect(await ids('f1=cc&o1=isempty')).toEqual([1, 3, 4, 5, 9, 11, 12]);
  });
});

describe('Bug.search by dependencies', () => {
  it('takes depends_on/dependson and blocks/blocked, anyexact by default', async () => {
    expect(await ids('depends_on=11')).toEqual([10]);
    expect(await ids('dependson=11')).toEqual([10]);
    expect(await ids('depends_on=11,12')).toEqual([10]);
    expect(await ids('depends_on=11&depends_on=3')).toEqual([10]);
    expect(await ids('blocks=10')).toEqual([11]);
    expect(await ids('blocked=10')).toEqual([11]);
  });

  it('takes charts, numbers compared as numbers and as text by the text operators', async () => {
    expect(await ids('f1=dependson&o1=equals&v1=11')).toEqual([10]);
    expect(await ids('f1=dependson&o1=notequals&v1=11')).toEqual(ALL_BUT(10));
    expect(await ids('f1=dependson&o1=greaterthan&v1=5')).toEqual([10]);
    expect(await ids('f1=dependson&o1=substring&v1=1')).toEqual([10]);
    expect(await ids('f1=dependson&o1=regexp&v1=1')).toEqual([10]);
    expect(await ids('f1=dependson&o1=anywords&v1=abc')).toEqual([]);
    expect(await ids('f1=blocked&o1=isnotempty')).toEqual([11]);
  });

  it("answers a value that is no number with 5.2's error 52", async () => {
    for (const query of ['f1=dependson&o1=equals&v1=abc', 'f1=dependson&o1=lessthan&v1=abc', 'depends_on=abc']) {
      expect(await answer(query), query).toEqual({
        status: 400,
        body: expect.objectContaining({
          code: 52,
          message: "The value 'abc' in the Depends on field is not a numeric value.",
        }),
      });
    }
    expect((await answer('f1=blocked&o1=equals&v1=---')).body).toMatchObject({
      code: 52,
      message: "The value '---' in the Blocks field is not a numeric value.",
    });
  });
});

describe("Bug.search by CC and dependencies: a real 5.2's answers on the same data", () => {
  it.each([
    ['cc=', ALL_BUT()],
    ['f1=cc&o1=isnotempty', [2, 6, 7, 8, 10]],
    ['f1=cc&o1=anyexact&v1=user@example.com,dev@example.com', [2, 6, 8, 10]],
    ['f1=cc&o1=greaterthan&v1=t', [2, 6, 8]],
    ['f1=cc&o1=casesubstring&v1=User', []],
    ['f1=cc&o1=allwordssubstr&v1=user,dev', []],
    ['f1=cc&o1=anywordssubstr&v1=user,dev', [2, 6, 8, 10]],
    ['f1=cc&o1=equals&v1=USER@example.com', []],
    ['f1=cc&o1=notsubstring&v1=example', [1, 3, 4, 5, 9, 11, 12]],
    ['f1=dependson&o1=anyexact&v1=11,3', [10]],
    ['f1=dependson&o1=nowords&v1=11', ALL_BUT(10)],
    ['f1=blocked&o1=allwords&v1=10%2011', []],
    ['blocks=10&blocked_type=notequals', ALL_BUT(11)],
    ['f1=dependson&o1=anywordssubstr&v1=1', [10]],
    ['f1=dependson&o1=equals&v1=11.0', [10]],
    ['f1=dependson&o1=greaterthan&v1=1e1', [10]],
    ['cc=%25user%25', [7, 8]],
    ['f1=cc&o1=substring&v1=%25user%25', [7, 8]],
    ['f1=cc&o1=notequals&v1=%25user%25', ALL_BUT(7, 8)],
    ['f1=cc&o1=lessthan&v1=%25user%25', []],
    ['f1=cc&o1=equals&v1=%25reporter%25', []],
    ['f1=cc&o1=equals&v1=%25assignee%25', []],
    ['f1=cc&o1=notequals&v1=%25assignee%25', ALL_BUT()],
    ['f1=cc&o1=notsubstring&v1=%25qacontact%25', ALL_BUT()],
  ])('%s', async (query, expected) => {
    expect(await ids(query)).toEqual(expected);
  });
});

it("answers a pronoun 5.2 does not have, and %user% asked anonymously, with 5.2's errors", async () => {
  expect((await answer('f1=cc&o1=equals&v1=%25bogus%25')).body).toMatchObject({
    code: 32000,
    message:
      'The pronoun you used (%bogus%) is illegal. You must use one of the approved pronouns. Please see Pronoun Substitution for a complete list.',
  });
  const anonymous = await fetch(`${server.url}/rest/bug?f1=cc&o1=equals&v1=%25user%25`);
  expect(anonymous.status).toBe(400);
  expect(await anonymous.json()).toMatchObject({
    code: 32000,
    message:
      "You can't use %user% without being logged in, because %user% refers to your login name, which we don't know.",
  });
});

describe('Bug.search by keywords', () => {
  it('takes `keywords` with allwords by default: every word a whole keyword word', async () => {
    expect(await ids('keywords=crash')).toEqual([1, 2]);
    expect(await ids('keywords=crash,regression')).toEqual([1]);
    expect(await ids('keywords=crash&keywords=regression')).toEqual([1]);
    expect(await ids('keywords=cras')).toEqual([]);
    expect(await ids('keywords=foo')).toEqual([]);
  });

  it('takes keywords_type anywords, nowords, anyexact and the substring types', async () => {
    expect(await ids('keywords=regression%20perf&keywords_type=anywords')).toEqual([1, 3]);
    expect(await ids('keywords=crash&keywords_type=nowords')).toEqual(ALL_BUT(1, 2));
    expect(await ids('keywords=foo&keywords_type=nowords')).toEqual(ALL_BUT());
    expect(await ids('keywords=perf,crash&keywords_type=anyexact')).toEqual([1, 2, 3]);
    expect(await ids('keywords=cras,regr&keywords_type=allwordssubstr')).toEqual([1]);
    expect(await ids('keywords=PER&keywords_type=anywordssubstr')).toEqual([3]);
  });

  it("takes keyword charts; `---` asks for bugs without keywords, as Search.pm's _multiselect_term", async () => {
    expect(await ids('f1=keywords&o1=anywords&v1=perf')).toEqual([3]);
    expect(await ids('f1=keywords&o1=equals&v1=crash&f2=keywords&o2=notequals&v2=regression')).toEqual([2]);
    expect(await ids('f1=keywords&o1=isnotempty')).toEqual([1, 2, 3]);
    expect(await ids('f1=keywords&o1=isempty&f2=bug_id&o2=lessthan&v2=5')).toEqual([4]);
    expect(await ids('f1=keywords&o1=equals&v1=---&f2=bug_id&o2=lessthan&v2=5')).toEqual([4]);
  });

  it("refuses a keywords_type Bugzilla does not have, as 5.2's code error", async () => {
    expect(await answer('keywords=foo&keywords_type=bogus')).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 68000, message: 'Bugzilla does not support the search type "bogus".' }),
    });
  });

  it('answers the same over XML-RPC and JSON-RPC', async () => {
    const params = {
      keywords: ['crash'],
      cc: 'user',
      include_fields: ['id'],
      Bugzilla_api_key: BUGZILLA_52_KEYS.admin,
    };
    const xml = await xmlRpcCall(server.url, 'Bug.search', params);
    const json = await jsonRpcCall(server.url, 'Bug.search', params);
    expect(json.result).toEqual(xml.result);
    expect((xml.result as { bugs: Array<{ id: number }> }).bugs.map((bug) => bug.id)).toEqual([2]);
  });
});
