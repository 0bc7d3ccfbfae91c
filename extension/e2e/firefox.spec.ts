import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forward, type RunningServer, serveFixture } from '@bz-companion/server/testing';
import { createClient } from '@bz-companion/shared';
import { expect, test } from '@playwright/test';

/**
 * Firefox: Playwright cannot drive Debian's firefox-esr, so web-ext does. The
 * build lints clean, and a headless Firefox with the add-on records a visit.
 */
const EXTENSION = fileURLToPath(new URL('..', import.meta.url));
const WEB_EXT = fileURLToPath(new URL('../../node_modules/web-ext/bin/web-ext.js', import.meta.url));
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const KEY = 'FirefoxKey123456789abcdefghijklmnopqrstu';

test('the Firefox build passes web-ext lint with no errors', () => {
  const lint = spawnSync(
    process.execPath,
    [WEB_EXT, 'lint', '-s', join(EXTENSION, 'dist/firefox'), '--output', 'json', '--self-hosted'],
    {
      encoding: 'utf8',
    },
  );
  const report = JSON.parse(lint.stdout) as { summary: { errors: number }; errors: unknown[] };
  expect(report.errors).toEqual([]);
  expect(report.summary.errors).toBe(0);
});

test.describe('headless firefox-esr', () => {
  test.skip(!existsSync(FIREFOX), `no Firefox at ${FIREFOX} (set FIREFOX_PATH; .ci/run installs firefox-esr)`);

  let server: RunningServer;
  let firefox: ChildProcess | undefined;
  let trackerProxy: Server | undefined;
  test.afterEach(async () => {
    trackerProxy?.close();
    if (firefox?.pid) {
      try {
        process.kill(-firefox.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await server?.stop();
  });

  test('records a visit from a bug page', async () => {
    server = await serveFixture({
      users: [{ login: 'fox@example.com', api_keys: [KEY] }],
      bugs: [{ id: 1 }, { id: 2 }],
    });
    // A build with the tracker and key preset: nothing can type into Firefox's options page here.
    const dist = mkdtempSync(join(tmpdir(), 'bz-firefox-'));
    // web-ext installs the add-on only after the first page has loaded, so the bug page reloads itself every
    // 2 s (each reload is a visit) until one lands. It is served by a proxy on the tracker's origin, which
    // forwards everything else (the REST calls) to the real server.
    const target = new URL(server.url);
    trackerProxy = createServer((incoming, outgoing) => {
      if (incoming.url?.startsWith('/show_bug.cgi')) {
        outgoing.writeHead(200, { 'Content-Type': 'text/html' });
        outgoing.end('<!doctype html><meta http-equiv="refresh" content="2"><title>Bug 2</title><h1>Bug 2</h1>');
        return;
      }
      forward(incoming, outgoing, target);
    });
    await new Promise<void>((resolve) => trackerProxy?.listen(0, '127.0.0.1', resolve));
    const trackerUrl = `http://127.0.0.1:${(trackerProxy.address() as AddressInfo).port}/`;
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--mode', 'firefox', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: EXTENSION,
        encoding: 'utf8',
        env: { ...process.env, VITE_BZ_TRACKER_URL: trackerUrl, VITE_BZ_API_KEY: KEY },
      },
    );
    expect(build.status, build.stderr).toBe(0);
    const startUrl = `${trackerUrl}show_bug.cgi?id=2`;
    firefox = spawn(
      process.execPath,
      [
        WEB_EXT,
        'run',
        '-s',
        dist,
        '--firefox',
        FIREFOX,
        '--arg=-headless',
        '--no-input',
        '--no-reload',
        '--start-url',
        startUrl,
      ],
      { detached: true, stdio: 'ignore' },
    );
    const tracker = createClient({ baseUrl: server.url, apiKey: KEY });
    await expect
      .poll(async () => (await tracker.lastVisit.get(2))[0]?.last_visit_ts ?? null, { timeout: 45_000 })
      .not.toBeNull();
    expect((await tracker.lastVisit.get(1))[0]?.last_visit_ts).toBeNull();
  });
});
