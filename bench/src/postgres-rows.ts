import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LoadResult, LoadSpec } from './load-generator.js';

const PG_CLUSTER = fileURLToPath(new URL('../../.ci/pg-cluster', import.meta.url));
const run = promisify(execFile);

/** Where the PostgreSQL rows keep their data, and how to be rid of it. */
export interface BenchDatabase {
  /** A URL whose role may CREATE DATABASE. */
  adminUrl: string;
  /** A new empty database next to adminUrl's. */
  create(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) when set; else a throwaway cluster
 * (.ci/pg-cluster, Debian's postgresql); undefined when neither is there.
 */
export async function benchDatabase(): Promise<BenchDatabase | undefined> {
  let adminUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)?.trim();
  let dir: string | undefined;
  if (!adminUrl) {
    if ((await run(PG_CLUSTER, ['check']).catch(() => undefined)) === undefined) return undefined;
    dir = await mkdtemp(join(process.env.TMPDIR ?? tmpdir(), 'bz-companion-bench-pg-'));
    adminUrl = (await run(PG_CLUSTER, ['start', dir])).stdout.trim();
  }
  const url = adminUrl;
  const { administer: administerOn, withDatabase } = await import('@bz-companion/server/postgres');
  const administer = (statement: string) => administerOn(url, statement);
  const made: string[] = [];
  return {
    adminUrl: url,
    async create(name) {
      const database = `bzc_bench_${name}_${process.pid}`;
      await administer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await administer(`CREATE DATABASE ${database}`);
      made.push(database);
      return withDatabase(url, database);
    },
    async close() {
      for (const database of made) await administer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      if (dir !== undefined) await run(PG_CLUSTER, ['destroy', dir]);
    },
  };
}

/**
 * Several instances behind a load balancer, as the load generator sees them: the
 * connections split evenly, one generator per instance, all at once. Throughput
 * adds up; p50 is the mean, p99 the worst.
 */
export async function loadSpread(
  load: (spec: LoadSpec, connections: number) => Promise<LoadResult>,
  urls: readonly string[],
  spec: (url: string) => LoadSpec,
  connections: number,
): Promise<LoadResult> {
  const each = Math.max(1, Math.floor(connections / urls.length));
  const results = await Promise.all(urls.map((url) => load(spec(url), each)));
  return {
    reqPerSec: results.reduce((sum, result) => sum + result.reqPerSec, 0),
    p50Ms: results.reduce((sum, result) => sum + result.p50Ms, 0) / results.length,
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}
