import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52FixtureWithPasswords } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../app.js';
import { attachmentBodyBytes } from '../../bugzilla/attachment/attachment-rules.js';
import { parseMethodResponse } from './xml-rpc-codec.js';

/*
 * Hostile requests to the RPC endpoints: each answered in its protocol's own envelope (a Client
 * fault, a JSON-RPC error), never a 500, a REST error or an empty body, and refused before the
 * method runs.
 */

let server: InProcessServer;
beforeAll(async () => {
  server = await serveInProcess(bugzilla52FixtureWithPasswords());
});
afterAll(() => server.stop());

/** An RPC body may be as large as an attachment may (the method is known only once it is read). */
const overTheLimit = () =>
  'x'.repeat(Math.max(DEFAULT_BODY_LIMIT_BYTES, attachmentBodyBytes(server.store.instance.parameters)) + 1);

const post = (path: string, body: string, contentType: string) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });

const commentsOfBug1 = async () => {
  const response = await fetch(`${server.url}/rest/bug/1/comment?Bugzilla_api_key=${BUGZILLA_52_KEYS.user}`);
  return JSON.stringify(await response.json());
};

const xmlAnswer = async (response: Response) =>
  parseMethodResponse(await response.text()) as {
    result?: unknown;
    fault?: { faultCode: unknown; faultString: unknown };
  };

const xmlCall = (method: string, value: string) =>
  `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params><param><value>${value}</value></param></params></methodCall>`;

describe('XML-RPC', () => {
  it('answers a value nested far deeper than any method reads with the Client fault', async () => {
    const deep = `${'<array><data><value>'.repeat(500)}1${'</value></data></array>'.repeat(500)}`;
    const response = await post('/xmlrpc.cgi', xmlCall('Bugzilla.version', deep), 'text/xml');
    expect(response.status).toBe(200);
    expect((await xmlAnswer(response)).fault?.faultCode).toBe('Client');
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])(
    'answers an element named %s with the Client fault',
    async (name) => {
      const body = xmlCall(
        'Bugzilla.version',
        `<struct><member><name>a</name><value><${name}>1</${name}></value></member></struct>`,
      );
      const response = await post('/xmlrpc.cgi', body, 'text/xml');
      expect(response.status).toBe(200);
      expect((await xmlAnswer(response)).fault?.faultCode).toBe('Client');
    },
  );

  it('takes a member named __proto__ as a parameter like any other, polluting nothing', async () => {
    const body = xmlCall(
      'Bugzilla.version',
      '<struct><member><name>__proto__</name><value><struct><member><name>polluted</name><value>1</value></member></struct></value></member></struct>',
    );
    const response = await post('/xmlrpc.cgi', body, 'text/xml');
    expect((await xmlAnswer(response)).result).toEqual({ version: '5.2' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a body over the limit with a fault in XML, not REST JSON', async () => {
    const response = await post('/xmlrpc.cgi', `<a>${overTheLimit()}</a>`, 'text/xml');
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    const answer = await xmlAnswer(response);
    expect(answer.fault).toMatchObject({
      faultCode: 32000,
      faultString: expect.stringMatching(/larger than the limit/),
    });
  });
});

describe('JSON-RPC', () => {
  it('refuses an id nested deeper than any method reads before the method runs', async () => {
    const id = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const body = `{"method":"Bug.add_comment","params":[{"id":1,"comment":"posted once","Bugzilla_api_key":"${BUGZILLA_52_KEYS.user}"}],"id":${id}}`;
    const response = await post('/jsonrpc.cgi', body, 'application/json');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { error: { code: number; message: string } };
    expect(answer.error).toMatchObject({
      code: 32000,
      message: expect.stringMatching(/'id'.*nests more than 32 levels/),
    });
    expect(await commentsOfBug1()).not.toContain('posted once');
  });

  it('answers a 1.0 body over the limit with an error in its envelope, not an empty 200', async () => {
    const body = JSON.stringify({
      method: 'Bugzilla.version',
      params: [{ pad: overTheLimit() }],
      id: 1,
    });
    const response = await post('/jsonrpc.cgi', body, 'application/json');
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = (await response.json()) as { error: { code: number; message: string } };
    expect(answer.error).toMatchObject({ code: 32000, message: expect.stringMatching(/larger than the limit/) });
  });
});

describe('a request the HTTP parser refuses', () => {
  it.each([
    ['/xmlrpc.cgi', /^text\/xml/, /<name>faultCode<\/name><value><int>32000<\/int>/],
    ['/jsonrpc.cgi', /^application\/json/, /"version":"1\.1","error":\{"name":"JSONRPCError","code":32000/],
  ])("is answered at %s in that endpoint's envelope", async (path, type, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml', 'X-Big': 'x'.repeat(20_000) },
      body: '<x/>',
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(type);
    expect(await response.text()).toMatch(body);
  });
});
