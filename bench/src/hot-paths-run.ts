import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnListening } from '@bz-companion/server/testing';
import { CREATE_ROW, createBug, UPDATE_ROW, updateBug } from './bug-write-rows.js';
import { importCatalogueFixture, measureCatalogue } from './catalogue-rows.js';
import { BENCH_KEY } from './data.js';
import { type LoadResult, type LoadSpec, runLoad } from './load-generator.js';
import { CLI } from './processes.js';
import { markdownTable, type Row } from './report.js';

/*
 * The hot paths of the write and catalogue targets, this build beside another one (`--before`, the
 * CLI of a checkout of the commit to compare with), on the same data, in the order A B B A so that
 * the drift of a shared machine weighs on both alike: Bug.update and Bug.create over 100,000 stored
 * bugs (durable), Product.get of 100 products × 50 components, User.get match over 100,000 users.
 *   node bench/dist/hot-paths-run.js --before ../other/server/bin/bz-companion.js [--duration 8]
 */

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
  },
});
if (!values.before) throw new Error('--before <path of the other build’s bin/bz-companion.js> is required');
const builds: Record<string, string> = { before: resolve(values.before), after: CLI };
const BUGS = 100_000;
const work = await mkdtemp(join(tmpdir(), 'bz-companion-hot-paths-'));
const options = { connections: Number(values.connections), workDir: work };
/** What a server spent on the measured requests: CPU (user + system) ms each, the figure a busy machine blurs least. */
type Measured = LoadResult & { cpuMsPerRequest: number };

/** The CPU time a process has used so far, ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const loadOn =
  (pid: number | undefined) =>
  async (spec: LoadSpec): Promise<Measured> => {
    await runLoad(spec, { ...options, durationSeconds: Number(values.warmup) });
    const durationSeconds = Number(values.duration);
    const before = cpuMs(pid);
    const result = await runLoad(spec, { ...options, durationSeconds });
    const requests = result.reqPerSec * durationSeconds;
    return Object.assign(result, { cpuMsPerRequest: (cpuMs(pid) - before) / requests });
  };

/**
 * 100,000 bugs and the bench user (in editbugs), through the documented fixture format, imported by
 * the build that serves them: a data file is each build's own format.
 */
async function importBugs(cli: string, dir: string): Promise<string> {
  const fixture = join(dir, 'bugs-fixture.json');
  const data = join(dir, 'bugs-data.json');
  await writeFile(
    fixture,
    JSON.stringify({
      instance: { version: '5.2' },
      groups: ['editbugs'],
      users: [{ login: 'bench@example.com', api_keys: [BENCH_KEY], groups: ['editbugs'] }],
      bugs: Array.from({ length: BUGS }, (_, i) => ({ id: i + 1, summary: `Bench bug ${i + 1}` })),
    }),
  );
  const result = spawnSync(process.execPath, [cli, 'import', fixture, '--data', data], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`import failed: ${result.stderr}`);
  await rm(fixture);
  return data;
}

/** One build serving a fresh copy of `data` while `measure` runs. */
async function withServer<T>(
  build: string,
  data: string,
  measure: (url: string, load: (spec: LoadSpec) => Promise<Measured>) => Promise<T>,
): Promise<T> {
  const copy = join(work, build, 'serving.json');
  await copyFile(data, copy);
  await rm(`${copy}.journal`, { force: true });
  const server = await spawnListening([builds[build] as string, 'serve', '--port', '0', '--data', copy], {
    readyTimeoutMs: 120_000,
  });
  try {
    return await measure(server.url, loadOn(server.process.pid));
  } finally {
    await server.stop();
  }
}

const mean = (results: Measured[], pick: (result: Measured) => number) =>
  results.reduce((sum, result) => sum + pick(result), 0) / results.length;

function rowOf(name: string, build: string, results: Measured[]): Row {
  return {
    name,
    server: build,
    req_per_s: mean(results, (result) => result.reqPerSec),
    p50_ms: mean(results, (result) => result.p50Ms),
    p99_ms: Math.max(...results.map((result) => result.p99Ms)),
    ratio_to_ceiling: Number.NaN,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

const rows: Row[] = [];
const cpuLines: string[] = [];
function record(name: string, build: string, results: Measured[]): void {
  const row = rowOf(name, build, results);
  rows.push(row);
  const cpu = mean(results, (result) => result.cpuMsPerRequest).toFixed(3);
  cpuLines.push(`| ${name} | ${build} | ${cpu} |`);
  console.error(
    `  ${name} [${build}]: ${Math.round(row.req_per_s)} req/s, p50 ${row.p50_ms.toFixed(2)} ms, p99 ${row.p99_ms.toFixed(2)} ms, server CPU ${cpu} ms a request`,
  );
}

const order = ['before', 'after', 'after', 'before'];
const load1 = loadavg()[0]?.toFixed(2);
try {
  const data: Record<string, { bugs: string; catalogue: string }> = {};
  for (const [build, cli] of Object.entries(builds)) {
    const dir = join(work, build);
    await mkdir(dir);
    data[build] = { bugs: await importBugs(cli, dir), catalogue: await importCatalogueFixture(cli, dir) };
  }
  const measured: Record<string, Record<string, Measured[]>> = {};
  const keep = (name: string, build: string, result: Measured) => {
    const byBuild = measured[name] ?? {};
    measured[name] = byBuild;
    const results = byBuild[build] ?? [];
    results.push(result);
    byBuild[build] = results;
  };
  for (const build of order) {
    const { bugs, catalogue } = data[build] as { bugs: string; catalogue: string };
    await withServer(build, bugs, async (url, load) => {
      keep(UPDATE_ROW, build, await load(updateBug(url, BUGS)));
      keep(CREATE_ROW, build, await load(createBug(url)));
    });
    await withServer(build, catalogue, (url, load) =>
      measureCatalogue(url, load, (name, _server, result) => {
        keep(name, build, result as Measured);
        return rowOf(name, build, [result as Measured]);
      }),
    );
  }
  for (const [name, byBuild] of Object.entries(measured)) {
    for (const build of ['before', 'after']) record(name, build, byBuild[build] ?? []);
  }
  console.log(
    `${markdownTable(rows)}\n\n| row | server | server CPU ms a request |\n| --- | --- | ---: |\n${cpuLines.join('\n')}\n\n(${BUGS.toLocaleString('en')} bugs stored for the write rows; load average ${load1} at the start, ${loadavg()[0]?.toFixed(2)} at the end)`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
