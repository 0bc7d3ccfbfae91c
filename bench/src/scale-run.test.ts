import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { searchRows } from './search-rows.js';

const RUN = fileURLToPath(new URL('../dist/scale-run.js', import.meta.url));
const PG_CLUSTER = fileURLToPath(new URL('../../.ci/pg-cluster', import.meta.url));
const withPostgres = spawnSync(PG_CLUSTER, ['check'], { stdio: 'ignore' }).status === 0;

/** Keeps `npm run bench:scale` working at a tiny size, in a cache of its own; its numbers are not checked. */
describe.skipIf(!withPostgres)('npm run bench:scale (smoke)', () => {
  it('generates, imports and serves a tiny tracker on each store, and writes the figures', {
    timeout: 320_000,
  }, async () => {
    const out = await mkdtemp(join(tmpdir(), 'bench-scale-smoke-'));
    // mkdtemp makes it 0700: the cluster's postgres user must reach the cache inside it.
    await chmod(out, 0o755);
    try {
      const run = spawnSync(
        process.execPath,
        [RUN, '--sizes', '100', '--duration', '1', '--warmup', '0', '--out', out],
        {
          encoding: 'utf8',
          env: { ...process.env, BZ_BENCH_CACHE: join(out, 'cache') },
          timeout: 300_000,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const figures = JSON.parse(await readFile(join(out, 'scale.json'), 'utf8')) as Array<{
        store: string;
        what: string;
      }>;
      for (const store of ['data file', 'PostgreSQL', 'beside the Bugzilla database']) {
        const imported = store === 'beside the Bugzilla database' ? [] : ['import from PostgreSQL'];
        for (const what of [...imported, 'start to first answer', 'Bug.get p99', 'recent visits p99']) {
          expect(figures.some((f) => f.store === store && f.what === what)).toBe(true);
        }
        for (const [what] of searchRows(100))
          expect(figures.some((f) => f.store === store && f.what === what)).toBe(true);
      }
    } finally {
      spawnSync(PG_CLUSTER, ['destroy', join(out, 'cache', 'pg')], { stdio: 'ignore' });
      await rm(out, { recursive: true, force: true });
    }
  });
});
