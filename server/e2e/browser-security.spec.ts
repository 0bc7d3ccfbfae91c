import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromiumExecutable, type RunningServer, serveFixture } from '@bz-companion/server/testing';
import { createClient } from '@bz-companion/shared';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';

/**
 * The companion seen from a hostile web page in real Chromium. `evil.test`
 * resolves to 127.0.0.1 (as DNS rebinding would make it), and the page's
 * scripts try to read and write the user's data.
 */
const KEY = 'SecurityKey23456789abcdefghijklmnopqrstu';

let server: RunningServer;
let attacker: Server;
let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  server = await serveFixture({
    users: [{ login: 'victim@example.com', api_keys: [KEY] }],
    groups: ['private'],
    bugs: [
      {
        id: 1,
        summary: 'A public bug',
        comments: [{ author: 'victim@example.com', time: '2026-01-01T00:00:00Z', text: 'Hi' }],
      },
      { id: 2, summary: 'The victim’s private bug', groups: ['private'], reporter: 'victim@example.com' },
    ],
    instance: { parameters: { last_visit_keep_days: '0' } },
  });
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>a page on another origin</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({
    ...chromiumExecutable(),
    args: ['--host-resolver-rules=MAP evil.test 127.0.0.1'],
  });
  page = await browser.newPage();
  await page.goto(`http://evil.test:${(attacker.address() as AddressInfo).port}/`);
});
test.afterAll(async () => {
  await browser?.close();
  attacker?.close();
  await server?.stop();
});

/** What a script on the page gets back from a fetch: status and body, or the browser's refusal. */
function fromPage(url: string, init: RequestInit = {}) {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { status: 0, body: String(error) };
      }
    },
    { url, init },
  );
}

const victimVisits = async () =>
  (await createClient({ baseUrl: server.url, apiKey: KEY }).lastVisit.get([1, 2])).map((v) => v.last_visit_ts);

test('a page on another origin may read what an anonymous caller may, nothing more', async () => {
  const version = await fromPage(`${server.url}/rest/version`);
  expect(version).toEqual({ status: 200, body: '{"version":"5.2"}' });
  const parameters = await fromPage(`${server.url}/rest/parameters`);
  expect(Object.keys(JSON.parse(parameters.body).parameters).sort()).toEqual(['maintainer', 'requirelogin']);
  const visits = await fromPage(`${server.url}/rest/bug_user_last_visit`, { credentials: 'include' });
  expect(visits.status === 0 || JSON.parse(visits.body).code === 410).toBe(true);
});

test('a page cannot record visits without the key, not even with a simple (no-preflight) request', async () => {
  const before = await victimVisits();
  const simple = await fromPage(`${server.url}/rest/bug_user_last_visit`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: '{"ids":[1,2]}',
    credentials: 'include',
    mode: 'no-cors',
  });
  expect(simple.status).toBe(0); // opaque: the page learns nothing either
  const form = await fromPage(`${server.url}/rest/bug_user_last_visit/1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'ids=2',
  });
  expect(JSON.parse(form.body).code).toBe(410);
  expect(await victimVisits()).toEqual(before);
});

test('a page reads public bugs as anyone may, never a private one, and cannot comment', async () => {
  const open = await fromPage(`${server.url}/rest/bug/1?include_fields=id,summary`);
  expect(JSON.parse(open.body).bugs).toEqual([{ id: 1, summary: 'A public bug' }]);
  const hidden = await fromPage(`${server.url}/rest/bug/2/comment`);
  expect(JSON.parse(hidden.body).code).toBe(102);
  const comment = await fromPage(`${server.url}/rest/bug/1/comment`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: '{"comment":"Posted by a hostile page."}',
  });
  expect(JSON.parse(comment.body).code).toBe(410);
  const comments = await createClient({ baseUrl: server.url, apiKey: KEY }).bugs.comments(1);
  expect(comments.bugs['1']?.comments.map((c) => c.text)).toEqual(['Hi']);
});

test('a rebound name is refused before anything is read', async () => {
  const port = new URL(server.url).port;
  const rebound = await fromPage(`http://evil.test:${port}/rest/version`);
  expect(rebound.status).toBe(403);
  expect(JSON.parse(rebound.body).message).toContain('DNS rebinding');
  const write = await fromPage(`http://evil.test:${port}/rest/bug_user_last_visit/1?Bugzilla_api_key=${KEY}`, {
    method: 'POST',
  });
  expect(write.status).toBe(403);
  expect(await victimVisits()).toEqual([null, null]);
});
