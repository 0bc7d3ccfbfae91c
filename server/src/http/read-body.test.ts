import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveFixture } from '../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { HttpConnection } from '../../testing/http-connection.js';

let server: RunningServer;
beforeAll(async () => {
  server = await serveFixture(standardFixture());
});
afterAll(async () => {
  await server.stop();
});

const TWO_MIB = 2 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** A body sent in pieces with no length announced, so the server learns its size only by reading it. */
function chunkedBody(totalBytes: number): Buffer {
  const parts: Buffer[] = [];
  for (let sent = 0; sent < totalBytes; sent += CHUNK.length) {
    parts.push(Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

function upload(headers: Record<string, string>, path = '/rest/bug_user_last_visit'): Buffer {
  const lines = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', `X-BUGZILLA-API-KEY: ${KEYS.admin}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const body = headers['Content-Length'] ? Buffer.alloc(TWO_MIB, 'x') : chunkedBody(TWO_MIB);
  if (!headers['Content-Length']) lines.push('Transfer-Encoding: chunked');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]);
}

describe('a request refused before its body is read', () => {
  it.each([
    ['over the limit, streamed', {}, 413],
    ['over the limit, announced', { 'Content-Length': String(TWO_MIB) }, 413],
    ['in an unknown Content-Encoding', { 'Content-Encoding': 'zstd-nope' }, 400],
    ['that fails to decode', { 'Content-Encoding': 'gzip' }, 400],
    ['in an unknown charset', { 'Content-Type': 'application/json; charset=klingon' }, 400],
    ['for another Host', { Host: 'evil.test' }, 403],
  ])('%s leaves its keep-alive connection answering the next request', async (_name, headers, status) => {
    const connection = await HttpConnection.open(server.url);
    try {
      const { Host: host, ...rest } = headers as Record<string, string>;
      const request = upload(rest);
      connection.write(
        host ? Buffer.from(request.toString('latin1').replace('Host: 127.0.0.1', `Host: ${host}`), 'latin1') : request,
      );
      const refusal = await connection.nextResponse();
      expect(refusal?.status).toBe(status);
      expect(JSON.parse(refusal?.body ?? '')).toMatchObject({ error: true });
      connection.write('GET /rest/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const next = await connection.nextResponse();
      expect(next).toMatchObject({ status: 200, body: '{"version":"5.2"}' });
    } finally {
      connection.close();
    }
  });

  it('on an unknown path leaves the connection answering too', async () => {
    const connection = await HttpConnection.open(server.url);
    try {
      connection.write(upload({}, '/rest/no_such_thing'));
      expect((await connection.nextResponse())?.status).toBe(404);
      connection.write('GET /rest/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect((await connection.nextResponse())?.status).toBe(200);
    } finally {
      connection.close();
    }
  });

  it('does not break the next requests of a fetch client (its pooled connections)', async () => {
    await (await fetch(`${server.url}/rest/version`)).text();
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks++ * CHUNK.length >= TWO_MIB) controller.close();
        else controller.enqueue(new Uint8Array(CHUNK));
      },
    });
    const refused = await fetch(`${server.url}/rest/bug_user_last_visit`, {
      method: 'POST',
      headers: { 'X-BUGZILLA-API-KEY': KEYS.admin },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(refused.status).toBe(413);
    await refused.text();
    for (let i = 0; i < 3; i++) {
      const next = await fetch(`${server.url}/rest/version`);
      expect(await next.json()).toEqual({ version: '5.2' });
    }
  });
});
