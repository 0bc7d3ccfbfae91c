import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, serveCli, serveFixture, tempDir } from '../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { expectBugzillaError } from '../../testing/http.js';

/** Admin writes declare their JSON body: a browser cannot send that cross-origin without a preflight. */
const post = (url: string, json?: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: json === undefined ? null : JSON.stringify(json),
  });

describe('serve --admin', () => {
  it('is off without the flag: /__admin/ paths are unknown paths (404, 32614)', async () => {
    const server = await serveFixture(standardFixture());
    try {
      await expectBugzillaError(await post(`${server.url}/__admin/reset`), 404, 32614);
      await expectBugzillaError(await fetch(`${server.url}/__admin/requests`), 404, 32614);
      await expectBugzillaError(await fetch(`${server.url}/__admin`), 404, 32614);
    } finally {
      await server.stop();
    }
  });

  it('serves the admin API; --clock starts it frozen; --log-requests logs faults and clock changes', async () => {
    const server = await serveFixture(standardFixture(), [
      '--admin',
      '--clock',
      '2026-01-01T00:00:00Z',
      '--log-requests',
    ]);
    try {
      expect(server.stdout()).toMatch(/^clock: frozen at 2026-01-01T00:00:00Z$/m);
      const visit = await fetch(`${server.url}/rest/bug_user_last_visit/1`, {
        method: 'POST',
        headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
      });
      expect(await visit.json()).toEqual([{ id: 1, last_visit_ts: '2026-01-01T00:00:00Z' }]);
      expect(
        (await post(`${server.url}/__admin/faults`, { path: '/rest/version', status: 503, times: 1 })).status,
      ).toBe(201);
      expect((await fetch(`${server.url}/rest/version`)).status).toBe(503);
      expect((await post(`${server.url}/__admin/clock/advance`, { seconds: 60 })).status).toBe(200);
      const journal = (await (await fetch(`${server.url}/__admin/requests`)).json()) as { requests: unknown[] };
      expect(journal.requests).toHaveLength(2);
      expect(await (await post(`${server.url}/__admin/reset`)).json()).toEqual({ reset: true });
      const after = await fetch(`${server.url}/rest/bug_user_last_visit`, {
        headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
      });
      expect(await after.json()).toEqual([]);
    } finally {
      await server.stop();
    }
    const out = server.stdout();
    expect(out).toMatch(/^admin: fault f1 added: any method \/rest\/version, status 503, 1 times$/m);
    expect(out).toMatch(/^fault f1 applied to GET \/rest\/version: status 503$/m);
    expect(out).toMatch(/^admin: clock 2026-01-01T00:01:00Z \(frozen\), db offset 0 s$/m);
    expect(out).toMatch(/^admin: reset$/m);
  });

  it('makes a reset durable with --data', async () => {
    const server = await serveFixture(standardFixture(), ['--admin']);
    await post(`${server.url}/__admin/reset`, { users: [{ login: 'only@example.com', api_keys: ['OnlyKey'] }] });
    await server.stop();
    const again = await serveCli(server.dataPath);
    try {
      const whoami = await fetch(`${again.url}/rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': 'OnlyKey' } });
      expect(((await whoami.json()) as { login: string }).login).toBe('only@example.com');
      expect((await fetch(`${again.url}/rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': KEYS.bob } })).status).toBe(
        400,
      );
    } finally {
      await again.stop();
    }
  });

  it('warns on a non-loopback address that anyone who can reach it can reset the data', async () => {
    const server = await serveCli(join(await tempDir(), 'data.json'), ['--host', '0.0.0.0', '--admin']);
    await server.stop();
    expect(server.stderr()).toMatch(
      /warning: --admin on a non-loopback address: anyone who can reach this server can reset/,
    );
  });

  it('refuses a --clock that is not an instant', async () => {
    const result = await runCli(['serve', '--clock', 'tomorrow', '--in-memory']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--clock must be an ISO 8601 instant/);
  });
});
