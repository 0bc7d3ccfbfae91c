import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type ListeningProcess, spawnListening } from '@bz-companion/server/testing';
import { baselineCli, baselineRef } from './baseline-build.js';
import { BENCH_KEY, BUG_COUNT, HEAVY_KEY, writeFixture } from './data.js';
import { type LoadResult, type LoadSpec, runLoad } from './load-generator.js';
import { CLI, memoryMb, startKoaHello } from './processes.js';
import type { Row, Target } from './report.js';

/** The rows measured against the previous release, and each one's target (main over the release). */
const version = (url: string): LoadSpec => ({ method: 'GET', url: `${url}/rest/version` });
const ROWS: Array<{ name: string; spec: (url: string) => LoadSpec; target: number }> = [
  { name: 'GET /rest/version', spec: version, target: 1 },
  {
    name: 'GET /rest/bug_user_last_visit (recent visits, API key)',
    spec: (url) => ({
      method: 'GET',
      url: `${url}/rest/bug_user_last_visit`,
      headers: { 'X-BUGZILLA-API-KEY': HEAVY_KEY },
    }),
    target: 1,
  },
  {
    name: 'GET /rest/parameters (API key)',
    spec: (url) => ({ method: 'GET', url: `${url}/rest/parameters`, headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY } }),
    target: 1.3,
  },
  {
    name: 'POST /rest/bug_user_last_visit/{id} (durable)',
    spec: (url) => ({
      method: 'POST',
      url: `${url}/rest/bug_user_last_visit/{id}`,
      headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY },
      ids: BUG_COUNT,
    }),
    target: 1,
  },
];

export interface PreviousReleaseOptions {
  workDir: string;
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
  /** Rounds of A B (alternating which goes first); the spread of their ratios is the noise band. */
  rounds: number;
}

/** Main's throughput over the release's in one round: the ratio and both results. */
interface Round {
  ratio: number;
  main: LoadResult;
  previous: LoadResult;
}

/**
 * This build and the previous release side by side, on the same data (the documented fixture, imported
 * by each one's own CLI), each row measured in interleaved rounds so drift on the shared cores weighs on
 * both alike. Ratios are main over the release: above 1 is faster.
 */
export async function measurePreviousRelease(
  options: PreviousReleaseOptions,
): Promise<{ rows: Row[]; targets: Target[] }> {
  const ref = baselineRef();
  const { sha, cli: previousCli } = baselineCli(ref);
  const label = `previous release ${ref} (${sha.slice(0, 7)})`;
  const fixture = join(options.workDir, 'previous-release-fixture.json');
  await writeFixture(fixture, 10_000, { summaries: false });
  const main = await serveImported(CLI, fixture, join(options.workDir, 'main.json'));
  const previous = await serveImported(previousCli, fixture, join(options.workDir, 'previous.json'));
  const koa = await startKoaHello();
  const rows: Row[] = [];
  const targets: Target[] = [];
  const ours = { server: 'bz-companion (this build)', url: main.url, pid: main.process.pid };
  try {
    for (const row of ROWS) {
      const other = { server: label, url: previous.url, pid: previous.process.pid };
      const compared = await compare(`${row.name}, against the previous release`, row.spec, ours, other, options);
      rows.push(...compared.rows);
      console.error(`  ${row.name}: this build / ${ref} = ${compared.measured}`);
      targets.push({
        what: `${row.name}: this build ≥ ${row.target.toFixed(1)}× ${ref}`,
        measured: compared.measured,
        met: compared.median >= row.target,
      });
    }
    // The framework's own floor, in the same run: what of GET /rest/version's cost is ours.
    const hello = { server: "Koa's hello world", url: koa.url, pid: koa.child.pid };
    const framework = await compare("GET /rest/version, against Koa's hello world", version, ours, hello, options);
    rows.push(...framework.rows);
    console.error(`  GET /rest/version / Koa's hello world = ${framework.measured}`);
    targets.push({
      what: "GET /rest/version ≥ 0.9× Koa's hello world (same body)",
      measured: framework.measured,
      met: framework.median >= 0.9,
    });
  } finally {
    await Promise.all([main.stop(), previous.stop(), koa.stop()]);
  }
  return { rows, targets };
}

interface Served {
  server: string;
  url: string;
  pid: number | undefined;
}

/** One row's interleaved rounds, ours over the other: both servers' rows and the median ratio with its band. */
async function compare(
  name: string,
  spec: (url: string) => LoadSpec,
  ours: Served,
  other: Served,
  options: PreviousReleaseOptions,
): Promise<{ rows: Row[]; median: number; measured: string }> {
  const rounds = await interleaved(spec, ours.url, other.url, options);
  const ratios = rounds.map((round) => round.ratio).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)] as number;
  const band = `${(ratios[0] as number).toFixed(2)}–${(ratios[ratios.length - 1] as number).toFixed(2)}`;
  const rows = (
    [
      [ours, (round: Round) => round.main],
      [other, (round: Round) => round.previous],
    ] as const
  ).map(([served, pick]): Row => {
    const results = rounds.map(pick);
    return {
      name,
      server: served.server,
      req_per_s: mean(results.map((result) => result.reqPerSec)),
      p50_ms: mean(results.map((result) => result.p50Ms)),
      p99_ms: Math.max(...results.map((result) => result.p99Ms)),
      ratio_to_ceiling: Number.NaN,
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      rss_mb: memoryMb(served.pid).rss,
    };
  });
  return { rows, median, measured: `${median.toFixed(2)}× (median of ${rounds.length} interleaved rounds; ${band})` };
}

async function interleaved(
  spec: (url: string) => LoadSpec,
  mainUrl: string,
  previousUrl: string,
  options: PreviousReleaseOptions,
): Promise<Round[]> {
  const load = (url: string, durationSeconds: number) =>
    runLoad(spec(url), { connections: options.connections, durationSeconds, workDir: options.workDir });
  if (options.warmUpSeconds > 0) {
    await load(mainUrl, options.warmUpSeconds);
    await load(previousUrl, options.warmUpSeconds);
  }
  const rounds: Round[] = [];
  for (let round = 0; round < options.rounds; round++) {
    // A B, then B A: neither build always runs on the warmer machine.
    const mainFirst = round % 2 === 0;
    const first = await load(mainFirst ? mainUrl : previousUrl, options.durationSeconds);
    const second = await load(mainFirst ? previousUrl : mainUrl, options.durationSeconds);
    const [main, previous] = mainFirst ? [first, second] : [second, first];
    rounds.push({ ratio: main.reqPerSec / previous.reqPerSec, main, previous });
  }
  return rounds;
}

/** A build's server over `fixture`, imported by that build's own CLI into a data file of its own. */
async function serveImported(cli: string, fixture: string, dataPath: string): Promise<ListeningProcess> {
  const imported = spawnSync(process.execPath, [cli, 'import', fixture, '--data', dataPath], { encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`${cli} import failed: ${imported.stderr}`);
  return spawnListening([cli, 'serve', '--port', '0', '--data', dataPath], { readyTimeoutMs: 60_000 });
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
