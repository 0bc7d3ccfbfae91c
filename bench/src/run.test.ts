import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RUN = fileURLToPath(new URL('../dist/run.js', import.meta.url));
const PG_CLUSTER = fileURLToPath(new URL('../../.ci/pg-cluster', import.meta.url));
/** As the bench decides (postgres-rows.ts): a database URL, or PostgreSQL's binaries for a cluster of its own. */
const withPostgres =
  Boolean((process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)?.trim()) ||
  spawnSync(PG_CLUSTER, ['check'], { stdio: 'ignore' }).status === 0;

/**
 * Runs `node ARGS`, passing each line it says on stderr (the bench says one per row as it is
 * measured) straight through, so a run of several minutes shows its progress; resolves with its
 * exit status and all it said.
 */
function streamed(args: string[], timeoutMs: number): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

/** Keeps `npm run bench` working; the numbers of a 1-second run mean nothing and are not checked. */
describe('npm run bench (smoke)', () => {
  it('measures every row against every server and writes the results', async () => {
    const out = await mkdtemp(join(tmpdir(), 'bench-smoke-'));
    const run = await streamed(
      [RUN, '--duration', '1', '--warmup', '0', '--sizes', '1000', '--samples', '2', '--out', out],
      // The first run in a clone also builds the previous release (npm ci) for its rows.
      420_000,
    );
    expect(run.status, run.stderr).toBe(0);
    const latest = JSON.parse(await readFile(join(out, 'latest.json'), 'utf8'));
    const servers = new Set(latest.rows.map((row: { server: string }) => row.server));
    const onPostgres = [
      'bz-companion on PostgreSQL, 1 instance',
      'bz-companion on PostgreSQL, 2 instances',
      'bz-companion over a Bugzilla 5.2 database (--bugzilla-schema), 1 instance',
    ];
    const expected = [
      'Chromium + bz-companion',
      'app in memory, @koa/router',
      'app in memory, dispatch table',
      'bz-companion',
      'json-server',
      'node:http ceiling',
      ...(withPostgres ? onPostgres : []),
    ];
    // The previous release is built from this clone's history; a clone without it says so and goes on.
    const againstPrevious = !run.stderr.includes('previous-release rows skipped');
    // Beside the previous release, GET /rest/version is held against Koa's own hello world too.
    if (againstPrevious) expected.push('bz-companion (this build)', "Koa's hello world");
    // Rows whose server names what was measured with it.
    const described = [
      /^previous release \S+ \(\w{7}\)$/,
      /^bz-companion \(\d+ POSTs; max /,
      /^\d instances?: Node \d+ µs\/req/,
      /^bz-companion --latency \(/,
    ];
    expect(expected.filter((server) => !servers.has(server))).toEqual([]);
    expect(
      [...servers].filter(
        (server) => !expected.includes(server as string) && !described.some((d) => d.test(server as string)),
      ),
    ).toEqual([]);
    expect([...servers].some((server) => described[0]?.test(server as string))).toBe(againstPrevious);
    const targets = latest.targets.map((target: { what: string }) => target.what);
    expect(targets).toContain('dispatch table faster than @koa/router (same app, GET /rest/version)');
    if (againstPrevious) expect(targets).toContain("GET /rest/version ≥ 0.9× Koa's hello world (same body)");
    for (const row of latest.rows) {
      expect(row).toMatchObject({ name: expect.any(String), errors: 0 });
      // Latency-only rows (the extension's, the login burst's) have no throughput.
      if (row.req_per_s === null) expect(row.p50_ms).toBeGreaterThan(0);
      else expect(row.req_per_s).toBeGreaterThan(0);
    }
    expect(latest.rows.some((row: { stored_visits?: number }) => row.stored_visits === 1000)).toBe(true);
    expect(await readFile(join(out, 'scaling.svg'), 'utf8')).toContain('<svg');
  });
});
