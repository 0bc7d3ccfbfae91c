import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serveCli } from '../../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';

/** A real full disk: a 2 MiB tmpfs. Mounting needs root (CI and these machines have it). */
const mountPoint = mkdtempSync(join(tmpdir(), 'bz-full-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  // Not root, or no mount here: the test says so below instead of pretending.
}

/** Fills the disk with a file until the very last block is taken; returns its path. */
function fillDisk(): string {
  const filler = join(mountPoint, 'filler');
  const fd = openSync(filler, 'w');
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return filler;
}

describe.skipIf(!mounted)('a full disk (tmpfs)', () => {
  beforeAll(() => {
    writeFileSync(
      join(mountPoint, 'fixture.json'),
      JSON.stringify({ ...standardFixture(), instance: { parameters: { last_visit_keep_days: '0' } } }),
    );
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('refuses writes with a clear 503, keeps serving reads and earlier data, and recovers when space returns', async () => {
    const dataPath = join(mountPoint, 'data.json');
    expect((await runCli(['import', join(mountPoint, 'fixture.json'), '--data', dataPath])).code).toBe(0);
    const server = await serveCli(dataPath);
    const post = (bug: number) =>
      fetch(`${server.url}/rest/bug_user_last_visit/${bug}`, {
        method: 'POST',
        headers: { 'X-BUGZILLA-API-KEY': KEYS.admin },
      });
    try {
      const first = await post(1);
      expect(first.status).toBe(200);
      const [acknowledged] = (await first.json()) as Array<{ last_visit_ts: string }>;

      const filler = fillDisk();
      // The journal's last page may still have room for a few lines; keep writing until the disk says no.
      let refused: Response | undefined;
      for (let i = 0; i < 2000 && !refused; i++) {
        const response = await post(6);
        if (response.status !== 200) refused = response;
        else await response.arrayBuffer();
      }
      expect(refused?.status).toBe(503);
      expect(refused?.headers.get('retry-after')).toBe('5');
      expect(await refused?.json()).toMatchObject({ error: true, code: -32000, message: /disk is full/ });

      const read = await fetch(`${server.url}/rest/bug_user_last_visit/1`, {
        headers: { 'X-BUGZILLA-API-KEY': KEYS.admin },
      });
      expect(await read.json()).toEqual([{ id: 1, last_visit_ts: acknowledged?.last_visit_ts }]);
      expect((await fetch(`${server.url}/rest/version`)).status).toBe(200);

      rmSync(filler);
      expect((await post(3)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const restarted = await serveCli(dataPath);
    try {
      const read = await fetch(`${restarted.url}/rest/bug_user_last_visit/1?ids=3`, {
        headers: { 'X-BUGZILLA-API-KEY': KEYS.admin },
      });
      const visits = (await read.json()) as Array<{ last_visit_ts: string | null }>;
      expect(visits.every((visit) => visit.last_visit_ts !== null)).toBe(true);
    } finally {
      await restarted.stop();
    }
  });
});
