/**
 * npm run bench:pg-drivers: `pg` (node-postgres) against `postgres` (postgres.js)
 * on the store's own statements, side by side in one run: a durable upsert of
 * one visit row (one statement, committed with synchronous_commit on) and a
 * read of a user's recent visits. Each driver gets a pool of as many
 * connections as there are concurrent callers, and every caller loops
 * (send, await, send) for the whole row, like requests of a server.
 *
 * Uses BENCH_DATABASE_URL or TEST_DATABASE_URL (a role that may CREATE DATABASE), else
 * starts a throwaway cluster with .ci/pg-cluster (Debian's postgresql).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { administer, migrate, RECENT_VISITS, UPSERT_VISITS } from '@bz-companion/server/postgres';
import pg from 'pg';
import postgres from 'postgres';
import { percentiles } from './extension-figures.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string', default: fileURLToPath(new URL('../results', import.meta.url)) },
  },
});
const durationMs = Number(values.duration ?? (values.quick ? 2 : 10)) * 1000;
const warmUpMs = Math.min(3000, durationMs / 3);
const connections = Number(values.connections);
const USERS = 10;
const BUGS = 1000;

/** A driver reduced to what the store needs: run one parameterised statement. */
interface Driver {
  name: string;
  run(text: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

function nodePostgres(url: string): Driver {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // Named statements are prepared once per connection, as postgres.js does by default.
  const named = new Map<string, string>();
  return {
    name: `pg ${versionOf('pg')}`,
    run: (text, params) => {
      const name = named.get(text) ?? `statement_${named.size + 1}`;
      named.set(text, name);
      return pool.query({ name, text, values: params });
    },
    close: () => pool.end(),
  };
}

function postgresJs(url: string): Driver {
  const sql = postgres(url, { max: connections, prepare: true, onnotice: () => {} });
  return {
    name: `postgres ${versionOf('postgres')}`,
    run: (text, params) => sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }),
    close: () => sql.end(),
  };
}

function versionOf(name: string): string {
  const path = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

interface Measured {
  driver: string;
  operation: string;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Run {
  latencies: number[];
  seconds: number;
  errors: number;
}

async function drive(driver: Driver, next: (i: number) => [string, unknown[]], ms: number): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const ends = performance.now() + ms;
  const caller = async () => {
    while (performance.now() < ends) {
      const [text, params] = next(counter++);
      const began = performance.now();
      try {
        await driver.run(text, params);
        latencies.push(performance.now() - began);
      } catch {
        errors++;
      }
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, caller));
  return { latencies, seconds: (performance.now() - began) / 1000, errors };
}

/** One driver's rounds as one row. */
function summarise(driver: string, operation: string, runs: Run[]): Measured {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const { p50, p99 } = percentiles(latencies);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return { driver, operation, perSecond: latencies.length / seconds, p50, p99, errors };
}

const spread = (i: number) => ((i * 7919) % BUGS) + 1;
const upsert = (i: number): [string, unknown[]] => [
  UPSERT_VISITS,
  [[(i % USERS) + 1], [spread(i)], [Math.floor(Date.now() / 1000)]],
];
const recent = (i: number): [string, unknown[]] => [RECENT_VISITS, [(i % USERS) + 1]];

async function databaseUrl(): Promise<{ url: string; done: () => void }> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return { url: given, done: () => {} };
  const script = fileURLToPath(new URL('../../.ci/pg-cluster', import.meta.url));
  const dir = await mkdtemp(join(tmpdir(), 'bz-companion-bench-pg-'));
  const url = execFileSync(script, ['start', dir], { encoding: 'utf8' }).trim();
  return { url, done: () => execFileSync(script, ['destroy', dir]) };
}

const DATABASE = `bzc_bench_drivers_${process.pid}`;

async function freshDatabase(adminUrl: string): Promise<string> {
  const name = DATABASE;
  await administer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await migrate(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `INSERT INTO profiles (login_name) SELECT 'user' || n || '@example.com' FROM generate_series(1, $1) n`,
    [USERS],
  );
  await client.query('INSERT INTO bugs (bug_id) SELECT generate_series(1, $1)', [BUGS]);
  // Every user has visited every bug once, so the recent read sorts a realistic 1,000 rows.
  await client.query(
    `INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts)
     SELECT u, b, now() AT TIME ZONE 'UTC' - b * interval '1 minute' FROM generate_series(1, $1) u, generate_series(1, $2) b`,
    [USERS, BUGS],
  );
  await client.end();
  return databaseUrl;
}

const server = await databaseUrl();
try {
  const url = await freshDatabase(server.url);
  const results: Measured[] = [];
  const makers = { pg: nodePostgres, postgres: postgresJs };
  for (const [operation, next] of [
    ['durable upsert of one visit', upsert],
    ['recent visits of a user (20 of 1,000)', recent],
  ] as const) {
    // Two rounds in A B B A order, so neither driver always runs on a warmer database.
    const runs = new Map<string, Run[]>();
    for (const key of ['pg', 'postgres', 'postgres', 'pg'] as const) {
      const driver = makers[key](url);
      await drive(driver, next, warmUpMs);
      const run = await drive(driver, next, durationMs / 2);
      await driver.close();
      runs.set(driver.name, [...(runs.get(driver.name) ?? []), run]);
    }
    for (const [name, driverRuns] of runs) {
      const measured = summarise(name, operation, driverRuns);
      results.push(measured);
      console.error(`  ${operation} [${name}]: ${Math.round(measured.perSecond)}/s, p99 ${measured.p99.toFixed(2)} ms`);
    }
  }
  const table = [
    `PostgreSQL drivers, ${connections} concurrent callers, ${durationMs / 1000} s a row in two halves, A B B A (each after ${(warmUpMs / 1000).toFixed(1)} s of warm-up)`,
    '',
    '| operation | driver | per s | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.operation} | ${r.driver} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`,
    ),
  ].join('\n');
  console.log(table);
  await writeFile(join(values.out, 'postgres-drivers.md'), `${table}\n`);
  await writeFile(join(values.out, 'postgres-drivers.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await administer(server.url, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  server.done();
}
