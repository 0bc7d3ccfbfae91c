import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bugzilla52Fixture, spawnListening } from '@bz-companion/server/testing';
import { CREATE_ROW, createBug, UPDATE_ROW, updateBug } from './bug-write-rows.js';
import { type LoadResult, type LoadSpec, loadGenerator, runLoad } from './load-generator.js';
import { CLI } from './processes.js';
import { markdownTable, type Row } from './report.js';

/*
 * Bug.update and Bug.create against a real Bugzilla 5.2 (Apache + mod_perl) and against bz-companion
 * serving the same data (the recorded 5.2's data set: its users, products and bugs 1-12), side by side
 * in one run, in the order A B B A. The real tracker's database takes every write: reset it afterwards.
 *   node bench/dist/bugzilla-52-writes-run.js --bugzilla http://127.0.0.1:8052 [--duration 8]
 */

const { values } = parseArgs({
  options: {
    bugzilla: { type: 'string' },
    // admin@example.com of the recorded data set, who may change every one of its bugs (some are private).
    'api-key': { type: 'string', default: 'OracleAdminKey0000000000000000000000000A' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
  },
});
if (!values.bugzilla) throw new Error('--bugzilla <URL of a Bugzilla 5.2 holding the recorded data set> is required');
const BUGS = 12;
const work = await mkdtemp(join(tmpdir(), 'bz-companion-vs-52-'));
// 5.2 as shipped ends each mod_perl child after a request or two (Apache2::SizeLimit), so its answers take seconds.
const options = { connections: Number(values.connections), workDir: work, timeoutSeconds: 60 };

/** The bench's request with this key, in the query string: 5.2 does not read the X-BUGZILLA-API-KEY header. */
function asUser(spec: LoadSpec): LoadSpec {
  const key = encodeURIComponent(values['api-key'] as string);
  return { ...spec, url: `${spec.url}?Bugzilla_api_key=${key}`, headers: { 'Content-Type': 'application/json' } };
}

async function load(spec: LoadSpec): Promise<LoadResult> {
  await runLoad(spec, { ...options, durationSeconds: Number(values.warmup) });
  return runLoad(spec, { ...options, durationSeconds: Number(values.duration) });
}

async function companionData(): Promise<string> {
  const fixture = join(work, 'data-set-fixture.json');
  const data = join(work, 'data-set.json');
  await writeFile(fixture, JSON.stringify(bugzilla52Fixture()));
  const result = spawnSync(process.execPath, [CLI, 'import', fixture, '--data', data], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`import failed: ${result.stderr}`);
  return data;
}

const results: Record<string, Record<string, LoadResult[]>> = {};
function keep(name: string, server: string, result: LoadResult): void {
  const byServer = results[name] ?? {};
  results[name] = byServer;
  byServer[server] = [...(byServer[server] ?? []), result];
  console.error(
    `  ${name} [${server}]: ${Math.round(result.reqPerSec)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors`,
  );
}

async function measure(server: string, url: string): Promise<void> {
  keep(UPDATE_ROW, server, await load(asUser(updateBug(url, BUGS))));
  keep(CREATE_ROW, server, await load(asUser(createBug(url))));
}

const REAL = 'Bugzilla 5.2 (mod_perl)';
const OURS = 'bz-companion';
const load1 = loadavg()[0]?.toFixed(2);
try {
  const data = await companionData();
  const companion = await spawnListening([CLI, 'serve', '--port', '0', '--data', data]);
  const bugzilla = (values.bugzilla as string).replace(/\/$/, '');
  try {
    for (const server of [REAL, OURS, OURS, REAL]) await measure(server, server === REAL ? bugzilla : companion.url);
  } finally {
    await companion.stop();
  }
  const rows: Row[] = [];
  for (const [name, byServer] of Object.entries(results)) {
    for (const [server, runs] of Object.entries(byServer)) {
      rows.push({
        name,
        server,
        req_per_s: runs.reduce((sum, run) => sum + run.reqPerSec, 0) / runs.length,
        p50_ms: runs.reduce((sum, run) => sum + run.p50Ms, 0) / runs.length,
        p99_ms: Math.max(...runs.map((run) => run.p99Ms)),
        ratio_to_ceiling: Number.NaN,
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
      });
    }
  }
  process.stdout.write(
    `Bug.update and Bug.create, ${loadGenerator}, ${options.connections} connections, ${values.duration} s a run, ` +
      `two runs each (A B B A), load average ${load1} at start; bugs 1-${BUGS} of the recorded 5.2 data set on both\n\n` +
      `${markdownTable(rows)}\n`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
