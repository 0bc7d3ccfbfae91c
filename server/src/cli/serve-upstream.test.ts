import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type ListeningProcess, runCli, spawnListening, tempDir } from '../../testing/cli-server.js';

/**
 * `serve --proxy … --record` and `serve --replay` answer from the tracker or the recordings, so
 * they open no store of their own: they start beside `npm start` on the default data file, and
 * print no local admin key (meaningless through a proxy).
 */
describe('serve --proxy and --replay beside a server on the default data file', () => {
  let cwd: string;
  let tracker: ListeningProcess;
  beforeAll(async () => {
    cwd = await tempDir();
    tracker = await spawnListening([CLI, 'serve', '--port', '0'], { cwd });
  });
  afterAll(() => tracker.stop());

  const expectNoLocalAdmin = (banner: string) => {
    expect(banner).toContain('store: none');
    expect(banner).not.toMatch(/admin api key|admin password|Tracker URL|data file/);
  };

  it('--proxy --record starts, says no admin key, and forwards', async () => {
    expect(tracker.stdout()).toContain('admin api key: ');
    const dir = join(cwd, 'recordings');
    const proxy = await spawnListening([CLI, 'serve', '--port', '0', '--proxy', tracker.url, '--record', dir], { cwd });
    try {
      expectNoLocalAdmin(proxy.stdout());
      const response = await fetch(`${proxy.url}/rest/version`);
      expect(await response.json()).toEqual({ version: expect.any(String) });
    } finally {
      await proxy.stop();
    }
  });

  it('--replay starts and says no admin key', async () => {
    const dir = join(cwd, 'empty-recordings');
    await mkdir(dir);
    await writeFile(join(dir, '.keep'), '');
    const replay = await spawnListening([CLI, 'serve', '--port', '0', '--replay', dir], { cwd });
    try {
      expectNoLocalAdmin(replay.stdout());
    } finally {
      await replay.stop();
    }
  });

  it('refuses a store named beside a proxy or a replay without --fallback', async () => {
    const proxied = await runCli(['serve', '--port', '0', '--proxy', tracker.url, '--data', join(cwd, 'x.json')]);
    expect(proxied.code).not.toBe(0);
    expect(proxied.stderr).toContain('--proxy answers every request itself and opens no store: drop --data');
    const replayed = await runCli(['serve', '--port', '0', '--replay', cwd, '--in-memory']);
    expect(replayed.stderr).toContain('--replay answers every request itself and opens no store: drop --in-memory');
  });
});
