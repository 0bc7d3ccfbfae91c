import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BzServer, startServer } from '@bz-companion/server';
import { forward } from '@bz-companion/server/testing';
import { expect, test } from '@playwright/test';
import { recordedVisits } from './journal.js';

/**
 * Firefox: Playwright cannot drive Debian's firefox-esr, so web-ext does. The
 * build lints clean, and a headless Firefox with the add-on records the visits
 * of two trackers, each on its own server (as its request journal shows).
 */
const EXTENSION = fileURLToPath(new URL('..', import.meta.url));
const WEB_EXT = fileURLToPath(new URL('../../node_modules/web-ext/bin/web-ext.js', import.meta.url));
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const KEY = 'FirefoxKey123456789abcdefghijklmnopqrstu';
const KEY_B = 'FirefoxKeyB23456789abcdefghijklmnopqrstu';

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

  const servers: BzServer[] = [];
  const proxies: Server[] = [];
  let firefox: ChildProcess | undefined;
  test.afterEach(async () => {
    for (const proxy of proxies) proxy.close();
    if (firefox?.pid) {
      try {
        process.kill(-firefox.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await Promise.all(servers.map((server) => server.stop()));
  });

  /**
   * A tracker for Firefox: the real server behind a proxy on its own origin. web-ext installs the add-on
   * only after the first page has loaded, so the proxy's bug page reloads itself every 2 s (each reload is
   * a visit) until one lands; everything else (the REST calls) is forwarded to the server.
   */
  async function trackerBehindProxy(key: string): Promise<{ server: BzServer; url: string }> {
    const server = await startServer({
      fixture: { users: [{ login: 'fox@example.com', api_keys: [key] }], bugs: [{ id: 1 }, { id: 2 }, { id: 3 }] },
    });
    servers.push(server);
    const target = new URL(server.url);
    const proxy = createServer((incoming, outgoing) => {
      if (incoming.url?.startsWith('/show_bug.cgi')) {
        outgoing.writeHead(200, { 'Content-Type': 'text/html' });
        outgoing.end('<!doctype html><meta http-equiv="refresh" content="2"><title>Bug</title><h1>Bug</h1>');
        return;
      }
      forward(incoming, outgoing, target);
    });
    proxies.push(proxy);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/` };
  }

  test('records the visits of two trackers, each on its own server', async () => {
    const [a, b] = [await trackerBehindProxy(KEY), await trackerBehindProxy(KEY_B)];
    // A build with both trackers and keys preset: nothing can type into Firefox's options page here.
    const dist = mkdtempSync(join(tmpdir(), 'bz-firefox-'));
    const preset = JSON.stringify([
      { url: a.url, apiKey: KEY },
      { url: b.url, apiKey: KEY_B },
    ]);
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--mode', 'firefox', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: EXTENSION, encoding: 'utf8', env: { ...process.env, VITE_BZ_TRACKERS: preset } },
    );
    expect(build.status, build.stderr).toBe(0);
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
        `${a.url}show_bug.cgi?id=2`,
        '--start-url',
        `${b.url}show_bug.cgi?id=3`,
      ],
      { detached: true, stdio: 'ignore' },
    );
    // Each reload of a start page is a visit: a tracker records its own bug, maybe several times, and no other.
    const recorded = (tracker: { server: BzServer }) => new Set(recordedVisits(tracker.server.requests()));
    await expect.poll(() => recorded(a), { timeout: 45_000 }).toEqual(new Set(['2']));
    await expect.poll(() => recorded(b), { timeout: 45_000 }).toEqual(new Set(['3']));
    // Sent with the key: the tracker knew who visited.
    const posts = [a, b].flatMap((tracker) => tracker.server.requests().filter((r) => r.method === 'POST'));
    expect(new Set(posts.map((request) => request.user))).toEqual(new Set(['fox@example.com']));
  });
});
