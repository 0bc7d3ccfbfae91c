import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52FixtureWithPasswords } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { type JsonRpcBody, jsonRpcCall, xmlRpcCall } from '../../../testing/rpc-clients.js';

/*
 * The two RPC endpoints' own behaviour, as 5.2's JSONRPC.pm and XMLRPC.pm (over JSON::RPC::Legacy
 * and XMLRPC::Lite) have it: envelopes, versions, ids, errors and faults with HTTP 200, what GET
 * may call, content types, and refusals that change nothing.
 */

let server: InProcessServer;
beforeAll(async () => {
  server = await serveInProcess(bugzilla52FixtureWithPasswords());
});
afterAll(() => server.stop());

const KEY = BUGZILLA_52_KEYS.user;

function post(path: string, body: string, contentType: string) {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

describe('JSON-RPC (/jsonrpc.cgi)', () => {
  it('1.0: result, error null and the id echoed; 1.1: result and version, no id', async () => {
    const v10 = await jsonRpcCall(server.url, 'Bugzilla.version', {}, { id: [1, 'a'] });
    expect(v10).toMatchObject({ status: 200, contentType: 'application/json; charset=UTF-8' });
    expect(v10.body).toEqual({ result: { version: '5.2' }, error: null, id: [1, 'a'] });
    const v11 = await jsonRpcCall(server.url, 'Bugzilla.version', {}, { version: '1.1', id: 9 });
    expect(v11.body).toEqual({ result: { version: '5.2' }, version: '1.1' });
  });

  it("errors: 1.0's {code, message} with result null, 1.1's JSONRPCError object, both with HTTP 200", async () => {
    const v10 = await jsonRpcCall(server.url, 'Bug.get', { ids: [3], Bugzilla_api_key: KEY }, { id: 'q' });
    expect(v10.status).toBe(200);
    expect(v10.body).toEqual({
      result: null,
      error: { code: 102, message: 'You are not authorized to access bug #3.' },
      id: 'q',
    });
    const v11 = await jsonRpcCall(server.url, 'Bug.get', { ids: [999] }, { version: '1.1', id: 'r' });
    expect(v11.body).toEqual({
      version: '1.1',
      error: { name: 'JSONRPCError', code: 101, message: 'Bug #999 does not exist.' },
      id: 'r',
    });
  });

  it("an empty list is a parameter given, as Perl's defined sees it: ids: [] asks for no bug (qa-causes #15, #16)", async () => {
    const result = async (method: string, params: Record<string, unknown>) =>
      (await jsonRpcCall(server.url, method, { ...params, Bugzilla_api_key: KEY })).body;
    expect(await result('Bug.get', { ids: [] })).toMatchObject({ result: { bugs: [], faults: [] }, error: null });
    expect(await result('Bug.history', { ids: [] })).toMatchObject({ result: { bugs: [] }, error: null });
    expect(await result('Bug.comments', { ids: [] })).toMatchObject({ result: { bugs: {}, comments: {} } });
    expect(await result('Bug.comments', { comment_ids: [] })).toMatchObject({ result: { bugs: {}, comments: {} } });
    expect(await result('Bug.attachments', { attachment_ids: [] })).toMatchObject({
      result: { bugs: {}, attachments: {} },
    });
    expect(await result('Bug.get', {})).toMatchObject({
      result: null,
      error: { code: 50, message: 'The function requires a ids argument, and that argument was not set.' },
    });
    expect(await result('Bug.history', {})).toMatchObject({ error: { code: 50 } });
    expect(await result('Bug.comments', {})).toMatchObject({ error: { code: 50 } });
  });

  it('a 1.0 call without an id is a notification: the method runs, the answer is empty', async () => {
    const sent = await jsonRpcCall(
      server.url,
      'BugUserLastVisit.update',
      { ids: [5], Bugzilla_api_key: KEY },
      { id: undefined },
    );
    expect({ status: sent.status, text: sent.text }).toEqual({ status: 200, text: '' });
    const read = await jsonRpcCall(server.url, 'BugUserLastVisit.get', { ids: [5], Bugzilla_api_key: KEY });
    expect(read.body?.result).toEqual([{ id: 5, last_visit_ts: expect.stringMatching(/Z$/) }]);
  });

  it('a bad API key is 306 and no credentials where login is required 410', async () => {
    const bad = await jsonRpcCall(server.url, 'BugUserLastVisit.get', { Bugzilla_api_key: 'x'.repeat(40) });
    expect(bad.body?.error?.code).toBe(306);
    const none = await jsonRpcCall(server.url, 'BugUserLastVisit.update', { ids: [5] });
    expect(none.body?.error).toEqual({ code: 410, message: 'You must log in before using this part of Bugzilla.' });
  });

  it('logs in with Bugzilla_login and Bugzilla_password in the params (and with login/password)', async () => {
    for (const names of [
      ['Bugzilla_login', 'Bugzilla_password'],
      ['login', 'password'],
    ] as const) {
      const params = { [names[0]]: 'user@example.com', [names[1]]: 'oracle-pw-user', ids: [5] };
      const answer = await jsonRpcCall(server.url, 'BugUserLastVisit.get', params);
      expect(answer.body?.error, names.join('+')).toBeNull();
    }
  });

  it("GET: read-only methods only (32610 otherwise), JSONP with ?callback=, the id defaults to the tracker's URL", async () => {
    const time = await fetch(`${server.url}/jsonrpc.cgi?method=Bugzilla.timezone&callback=got.it`);
    expect(time.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    expect(await time.text()).toBe(`/**/got.it({"result":{"timezone":"+0000"},"error":null,"id":"${server.url}/"})`);
    const write = await jsonRpcCall(
      server.url,
      'BugUserLastVisit.update',
      { ids: [5], Bugzilla_api_key: KEY },
      { get: true },
    );
    expect(write.body?.error).toEqual({
      code: 32610,
      message: "For security reasons, you must use HTTP POST to call the 'BugUserLastVisit.update' method.",
    });
    const noMethod = await (await fetch(`${server.url}/jsonrpc.cgi?id=4`)).json();
    expect(noMethod).toMatchObject({ result: null, error: { code: 32000 }, id: '4' });
    const badCallback = (await (
      await fetch(`${server.url}/jsonrpc.cgi?method=Bugzilla.time&callback=a(b)`)
    ).json()) as JsonRpcBody;
    expect(badCallback.error?.code).toBe(32611);
  });

  it("GET never logs in with the browser's login cookies, which a POST may use (5.2)", async () => {
    const five2 = await serveInProcess(bugzilla52FixtureWithPasswords(), { profile: 'bugzilla-5.2' });
    try {
      const login = await jsonRpcCall(five2.url, 'User.login', {
        login: 'user@example.com',
        password: 'oracle-pw-user',
      });
      const { id, token } = login.result as { id: number; token: string };
      const headers = { cookie: `Bugzilla_login=${id}; Bugzilla_logincookie=${token.split('-')[1]}` };
      // Bug 4 is in a secret group; its reporter, user@example.com, may see it.
      const posted = await jsonRpcCall(five2.url, 'Bug.get', { ids: [4], include_fields: ['id'] }, { headers });
      expect(posted.body?.result).toEqual({ bugs: [{ id: 4 }], faults: [] });
      const got = await jsonRpcCall(five2.url, 'Bug.get', { ids: [4] }, { get: true, headers });
      expect(got.body?.error?.code).toBe(102);
    } finally {
      await five2.stop();
    }
  });

  it('POST must be application/json (32613): a form or text/plain body needs no preflight', async () => {
    const body = JSON.stringify({
      method: 'BugUserLastVisit.update',
      params: [{ ids: [6], Bugzilla_api_key: KEY }],
      id: 1,
    });
    const refused = (await (await post('/jsonrpc.cgi', body, 'text/plain')).json()) as JsonRpcBody;
    expect(refused.error?.code).toBe(32613);
    const visits = await jsonRpcCall(server.url, 'BugUserLastVisit.get', { ids: [6], Bugzilla_api_key: KEY });
    expect(visits.body?.result).toEqual([{ id: 6, last_visit_ts: null }]);
  });

  it("JSON::RPC's own errors: unparsable, no method, bad method name, unknown method, 1.0 params not a list, no data", async () => {
    const cases: Array<[string, number]> = [
      ['{"method":', 100201],
      ['{"params":[{}],"id":1}', 100300],
      ['{"method":"Bug get","params":[{}],"id":1}', 100301],
      ['{"method":"Bug.frobnicate","params":[{}],"id":1}', 100302],
      ['{"method":"Bugzilla.version","params":{},"id":1}', 100400],
      ['[1,2]', 32000],
      ['"Bugzilla.version"', 32000],
    ];
    for (const [body, code] of cases) {
      const response = await post('/jsonrpc.cgi', body, 'application/json');
      expect({ body, status: response.status, code: ((await response.json()) as JsonRpcBody).error?.code }).toEqual({
        body,
        status: 200,
        code,
      });
    }
    const empty = await post('/jsonrpc.cgi', '', 'application/json');
    expect({ status: empty.status, text: await empty.text() }).toEqual({ status: 403, text: 'No data.' });
  });
});

describe('XML-RPC (/xmlrpc.cgi)', () => {
  it('answers text/xml; faults travel with HTTP 200 and Bugzilla codes', async () => {
    const version = await xmlRpcCall(server.url, 'Bugzilla.version');
    expect(version).toEqual({ status: 200, contentType: 'text/xml', result: { version: '5.2' } });
    const hidden = await xmlRpcCall(server.url, 'Bug.get', { ids: [3], Bugzilla_api_key: KEY });
    expect(hidden).toMatchObject({
      status: 200,
      fault: { faultCode: 102, faultString: 'You are not authorized to access bug #3.' },
    });
    const badKey = await xmlRpcCall(server.url, 'Bug.get', { ids: [1], Bugzilla_api_key: 'y'.repeat(40) });
    expect(badKey).toMatchObject({ fault: { faultCode: 306 } });
    const unknown = await xmlRpcCall(server.url, 'Bug.frobnicate', {});
    expect(unknown).toMatchObject({
      fault: { faultCode: -32601, faultString: "The requested method 'Bug.frobnicate' was not found." },
    });
  });

  it("a request with no call (HEAD, GET, an empty POST) is 200 and empty: python-bugzilla's probe", async () => {
    for (const method of ['HEAD', 'GET', 'POST']) {
      const response = await fetch(`${server.url}/xmlrpc.cgi`, { method });
      expect({ method, status: response.status, body: await response.text() }).toEqual({
        method,
        status: 200,
        body: '',
      });
    }
  });

  it('another content type, bad XML, a DTD or a value not of its type is a Client fault', async () => {
    const call = '<methodCall><methodName>Bugzilla.version</methodName></methodCall>';
    const badInt =
      '<methodCall><methodName>Bug.get</methodName><params><param><value><struct><member><name>ids</name><value><int>1x</int></value></member></struct></value></param></params></methodCall>';
    for (const [body, type, says] of [
      [call, 'application/xml', "Content-Type must be 'text/xml,'"],
      ['<methodCall><methodName>x</methodCall>', 'text/xml', 'Application failed during request deserialization: '],
      [`<!DOCTYPE m [<!ENTITY e SYSTEM "file:///etc/passwd">]>${call}`, 'text/xml', 'document type declaration'],
      [badInt, 'text/xml', '-32600: "1x" is not a valid value for a &lt;int&gt; field.'],
    ] as const) {
      const response = await post('/xmlrpc.cgi', body, type);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).toContain('<name>faultCode</name><value><string>Client</string></value>');
      expect(text).toContain(says);
      expect(text).not.toContain('root:');
    }
  });

  it('an unknown method of a known package is -32601; of an unknown package a Client fault', async () => {
    expect(await xmlRpcCall(server.url, 'Bug.frobnicate')).toMatchObject({ fault: { faultCode: -32601 } });
    expect(await xmlRpcCall(server.url, 'Foo.bar')).toMatchObject({ fault: { faultCode: 'Client' } });
  });
});

describe('which tracker serves which', () => {
  it('bmo serves neither: its /jsonrpc.cgi and /xmlrpc.cgi are no resources (removed 2026-08-03 and -04)', async () => {
    const bmo = await serveInProcess(bugzilla52FixtureWithPasswords(), { profile: 'bmo' });
    try {
      const json = await fetch(`${bmo.url}/jsonrpc.cgi`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'Bugzilla.version', params: [{}], id: 1 }),
      });
      expect(json.status).toBe(404);
      expect(await fetch(`${bmo.url}/jsonrpc.cgi?method=Bugzilla.version`).then((r) => r.status)).toBe(404);
      const xml = await fetch(`${bmo.url}/xmlrpc.cgi`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml' },
        body: '<x/>',
      });
      expect(xml.status).toBe(404);
    } finally {
      await bmo.stop();
    }
  });

  it('5.2 has BugUserLastVisit.update({ids}) over RPC though its REST routes need an id in the path, and no User.whoami', async () => {
    const five2 = await serveInProcess(bugzilla52FixtureWithPasswords(), { profile: 'bugzilla-5.2' });
    try {
      const update = await xmlRpcCall(five2.url, 'BugUserLastVisit.update', { ids: [2], Bugzilla_api_key: KEY });
      expect(update).toMatchObject({ result: [{ id: 2 }] });
      expect(await jsonRpcCall(five2.url, 'User.whoami', { Bugzilla_api_key: KEY })).toMatchObject({
        body: { error: { code: 100302 } },
      });
    } finally {
      await five2.stop();
    }
  });
});

describe('no request to either endpoint is ever answered 500', () => {
  it('for any body, content type and method', async () => {
    const xmlish = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<methodCall>',
        '<methodName>Bug.get</methodName>',
        '<value><int>',
        '</struct>',
        '&amp;',
        '&#0;',
        '<![CDATA[',
        '<?xml?>',
      ),
    );
    const bodies = fc.oneof(
      fc.json(),
      fc.array(xmlish, { maxLength: 8 }).map((parts) => parts.join('')),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/xmlrpc.cgi', '/jsonrpc.cgi'),
        fc.constantFrom('POST', 'PUT', 'DELETE'),
        fc.constantFrom('text/xml', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        bodies,
        async (path, method, type, body) => {
          const response = await fetch(`${server.url}${path}`, { method, headers: { 'Content-Type': type }, body });
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
