import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeWithPostgres } from '@bz-companion/server/postgres/testing';
import { expect, it, onTestFinished } from 'vitest';

const RUN = fileURLToPath(new URL('../dist/postgres-drivers.js', import.meta.url));

/** Keeps `npm run bench:pg-drivers` working; the numbers of a 1-second run mean nothing and are not checked. */
describeWithPostgres('npm run bench:pg-drivers (smoke)', () => {
  it('measures both drivers on both operations, without errors, and writes the results', async () => {
    const out = await mkdtemp(join(tmpdir(), 'bench-pg-drivers-smoke-'));
    onTestFinished(() => rm(out, { recursive: true, force: true }));
    const run = spawnSync(process.execPath, [RUN, '--duration', '1', '--out', out], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const rows = JSON.parse(await readFile(join(out, 'postgres-drivers.json'), 'utf8')) as Array<{
      driver: string;
      operation: string;
      perSecond: number;
      errors: number;
    }>;
    expect(rows.map((row) => `${row.operation} | ${row.driver.split(' ')[0]}`)).toEqual([
      'durable upsert of one visit | pg',
      'durable upsert of one visit | postgres',
      'recent visits of a user (20 of 1,000) | pg',
      'recent visits of a user (20 of 1,000) | postgres',
    ]);
    for (const row of rows) expect(row).toMatchObject({ errors: 0, perSecond: expect.any(Number) });
    expect(await readFile(join(out, 'postgres-drivers.md'), 'utf8')).toContain('| durable upsert of one visit | pg');
  });
});
