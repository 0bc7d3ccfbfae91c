import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { BugzillaApiError, NetworkError, ResponseShapeError } from './errors.js';

/** A real HTTP server that answers what each test asks of it, and records what it received. */
let server: Server;
let baseUrl: string;
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{}' };
const received: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      setTimeout(() => {
        response.writeHead(answer.status, { 'Content-Type': 'application/json' });
        response.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bugzilla`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const lastRequest = () => received[received.length - 1];

describe('createClient', () => {
  it('builds paths under a base URL with a path, sending the key as a header by default', async () => {
    answer = { status: 200, body: '{"version":"5.2"}' };
    const client = createClient({ baseUrl: `${baseUrl}/rest/`, apiKey: 'secret-key' });
    expect(await client.version()).toEqual({ version: '5.2' });
    expect(lastRequest()?.url).toBe('/bugzilla/rest/version');
    expect(lastRequest()?.headers['x-bugzilla-api-key']).toBe('secret-key');
  });

  it('sends the key as Bugzilla_api_key in query mode (5.0/5.2)', async () => {
    answer = { status: 200, body: '[]' };
    const client = createClient({ baseUrl, apiKey: 'secret-key', authMode: 'query' });
    await client.lastVisit.recent();
    expect(lastRequest()?.url).toBe('/bugzilla/rest/bug_user_last_visit?Bugzilla_api_key=secret-key');
    expect(lastRequest()?.headers['x-bugzilla-api-key']).toBeUndefined();
  });

  it('uses the path form for one bug and the batch form for a list', async () => {
    answer = { status: 200, body: '[{"id":1,"last_visit_ts":"2026-01-01T00:00:00Z"}]' };
    const client = createClient({ baseUrl, apiKey: 'k' });
    await client.lastVisit.update('my alias');
    expect(lastRequest()).toMatchObject({ method: 'POST', url: '/bugzilla/rest/bug_user_last_visit/my%20alias' });
    await client.lastVisit.update([1, 'x']);
    expect(lastRequest()).toMatchObject({ url: '/bugzilla/rest/bug_user_last_visit', body: '{"ids":[1,"x"]}' });
    await client.lastVisit.get([1, 2, 3]);
    expect(lastRequest()?.url).toBe('/bugzilla/rest/bug_user_last_visit/1?ids=2&ids=3');
    answer = { status: 200, body: '{"last_audit_time":null}' };
    await client.lastAuditTime(['Bugzilla::Product', 'Tracker::Milestone']);
    expect(lastRequest()?.url).toBe(
      '/bugzilla/rest/last_audit_time?class=Bugzilla%3A%3AProduct&class=Tracker%3A%3AMilestone',
    );
  });

  it('throws BugzillaApiError with status, code, message, method and a redacted URL', async () => {
    answer = { status: 400, body: '{"error":true,"code":306,"message":"The API key you specified is invalid."}' };
    const client = createClient({ baseUrl, apiKey: 'super-secret', authMode: 'query' });
    const error = await client.time().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BugzillaApiError);
    expect(error).toMatchObject({ status: 400, code: 306, method: 'GET', kind: 'api' });
    expect((error as BugzillaApiError).url).toContain('Bugzilla_api_key=%5BREDACTED%5D');
    expect(JSON.stringify(error)).not.toContain('super-secret');
    expect((error as Error).message).not.toContain('super-secret');
  });

  it('throws BugzillaApiError for an HTTP error without a Bugzilla body', async () => {
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    const error = await createClient({ baseUrl })
      .version()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BugzillaApiError', status: 502, code: undefined });
  });

  it('throws ResponseShapeError for a 200 that is not the documented shape', async () => {
    answer = { status: 200, body: '{"version": 5.2}' };
    await expect(createClient({ baseUrl }).version()).rejects.toBeInstanceOf(ResponseShapeError);
    answer = { status: 200, body: 'not json' };
    await expect(createClient({ baseUrl }).version()).rejects.toThrow(/not JSON/);
  });

  it('holds parameters to their type: every value a string', async () => {
    answer = { status: 200, body: '{"parameters":{"requirelogin":"0"}}' };
    expect(await createClient({ baseUrl }).parameters()).toEqual({ parameters: { requirelogin: '0' } });
    answer = { status: 200, body: '{"parameters":{"requirelogin":0}}' };
    await expect(createClient({ baseUrl }).parameters()).rejects.toThrow(/parameters\.requirelogin/);
  });

  it('throws NetworkError when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createClient({ baseUrl: `http://127.0.0.1:${port}/`, apiKey: 'k', authMode: 'query' })
      .version()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).not.toContain('=k');
  });

  it('passes an AbortSignal through and rethrows the abort as it is', async () => {
    answer = { status: 200, body: '{"version":"5.2"}', delayMs: 2000 };
    const controller = new AbortController();
    const pending = createClient({ baseUrl }).version({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    answer = { status: 200, body: '{}' };
  });

  it('returns plain data that survives structured clone', async () => {
    answer = { status: 200, body: '{"extensions":{"BugModal":{"version":"1.0"}}}' };
    const result = await createClient({ baseUrl }).extensions();
    expect(structuredClone(result)).toEqual(result);
  });
});

describe('redirects of requests that carry the API key', () => {
  it('never follow one to another origin: a clear error, and nothing reaches the other server', async () => {
    const collected: Array<Record<string, unknown>> = [];
    const collector = createServer((request, response) => {
      collected.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"version":"5.2"}');
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const redirecting = createServer((request, response) => {
      response.writeHead(307, { Location: `${elsewhere}${request.url}` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const tracker = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      for (const authMode of ['header', 'query'] as const) {
        const client = createClient({ baseUrl: tracker, apiKey: 'SecretKey0123456789', authMode });
        const error = await client.lastVisit.update(8).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NetworkError);
        expect((error as NetworkError).message).toContain(
          `the tracker redirects to ${elsewhere}/rest/bug_user_last_visit/8`,
        );
        expect((error as NetworkError).message).not.toContain('SecretKey');
      }
      expect(collected).toEqual([]);
      // Without a key there is nothing to leak: the redirect is followed.
      expect(await createClient({ baseUrl: tracker }).version()).toEqual({ version: '5.2' });
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
      await new Promise((resolve) => collector.close(resolve));
    }
  });

  it('follow one within the tracker (same origin), key included', async () => {
    const seen: string[] = [];
    const moved = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers['x-bugzilla-api-key']}`);
      if (request.url?.startsWith('/old/')) {
        response.writeHead(308, { Location: request.url.replace('/old/', '/new/') });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"version":"5.2"}');
    });
    await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(moved.address() as AddressInfo).port}/old`;
      expect(await createClient({ baseUrl: base, apiKey: 'K' }).version()).toEqual({ version: '5.2' });
      expect(seen).toEqual(['/old/rest/version K', '/new/rest/version K']);
    } finally {
      await new Promise((resolve) => moved.close(resolve));
    }
  });
});
