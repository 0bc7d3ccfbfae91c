/**
 * npm run bench:scale: a tracker at 10,000, 100,000 and 1,000,000 bugs (scale-data.ts, cached
 * between runs), each figure beside the size ten times smaller (the growth is the figure):
 * `import --from-bugzilla` from PostgreSQL into a data file and into our PostgreSQL schema (wall
 * time, CPU, peak RSS), then `serve` on each and beside the Bugzilla database itself
 * (--bugzilla-schema): start to first answer, RSS, Bug.get, the recent-visits list, six
 * Bug.searches (search-rows.ts), Bug.update (durable), and the time to shut down. Options: --sizes, --duration,
 * --warmup (seconds of each row's load before it is measured, left out of its figures), --connections, --out. The file store's rows are skipped past what it holds here (capacity.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeBugzillaDir } from '@bz-companion/server/postgres/bugzilla-testing';
import { serveCli } from '@bz-companion/server/testing';
import { type LoadSpec, runLoad } from './load-generator.js';
import { memoryMb } from './processes.js';
import { databaseOf, generatedBugzilla, SCALE_KEY, startCacheCluster } from './scale-data.js';
import { searchRows } from './search-rows.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string', default: fileURLToPath(new URL('../results', import.meta.url)) },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const DURATION = Number(values.duration);
const WARMUP = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const CHILD = fileURLToPath(new URL('./import-child.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'bz-companion-bench-scale-'));

interface Figure {
  bugs: number;
  store: string;
  what: string;
  value: number;
  unit: string;
}
const figures: Figure[] = [];
const note = (bugs: number, store: string, what: string, value: number, unit: string) => {
  figures.push({ bugs, store, what, value: Math.round(value * 100) / 100, unit });
  console.error(`  ${bugs} bugs, ${store}: ${what} ${value.toFixed(1)} ${unit}`);
};

function runImport(bugs: number, from: string, where: string[], store: string): boolean {
  const started = performance.now();
  const run = spawnSync(process.execPath, [CHILD, 'import', '--from-bugzilla', from, ...where], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    // Its last line says why (the lines before are the import's progress; the very last, bench-cpu's).
    const said = run.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('bench-cpu '));
    console.error(`  ${bugs} bugs, ${store}: import refused or failed: ${said.at(-1) ?? `exit ${run.status}`}`);
    return false;
  }
  const usage = JSON.parse(/bench-cpu (.*)/.exec(run.stderr)?.[1] ?? '{}') as {
    user: number;
    system: number;
    maxRssKb: number;
  };
  note(bugs, store, 'import from PostgreSQL', seconds, 's');
  note(bugs, store, 'import CPU', (usage.user + usage.system) / 1e6, 's');
  note(bugs, store, 'import peak RSS', usage.maxRssKb / 1024, 'MB');
  return true;
}

const spec = (url: string, path: string, extra: Partial<LoadSpec> = {}): LoadSpec => ({
  method: 'GET',
  url: `${url}${path}${path.includes('?') ? '&' : '?'}Bugzilla_api_key=${SCALE_KEY}`,
  ...extra,
});

/** Bug.update, durable: two fields and a comment, as user 1 (admin, editbugs). */
function updateRow(url: string, bugs: number): [string, LoadSpec] {
  return [
    'Bug.update p99',
    spec(url, '/rest/bug/{id}', {
      method: 'PUT',
      ids: bugs,
      headers: { 'Content-Type': 'application/json' },
      body: '{"priority":"High","whiteboard":"[bench {id}]","comment":{"body":"Seen again on build {id}."}}',
    }),
  ];
}

async function serveRows(bugs: number, store: string, target: string, args: string[], writes: boolean): Promise<void> {
  // As bz-companion, whose REST routes the recent-visits list (5.2's lists it over RPC only).
  const server = await serveCli(target, [...args, '--profile', 'bz-companion'], { readyTimeoutMs: 600_000 });
  try {
    note(bugs, store, 'start to first answer', server.startMs / 1000, 's');
    note(bugs, store, 'RSS after start', memoryMb(server.process.pid).rss, 'MB');
    // Searches last: were one to read every bug again, its requests given up (10 s) would still
    // load the server while the next row is measured.
    const rows: Array<[string, LoadSpec]> = [
      ['Bug.get p99', spec(server.url, '/rest/bug/{id}', { ids: bugs })],
      ['recent visits p99', spec(server.url, '/rest/bug_user_last_visit')],
      ...(writes ? [updateRow(server.url, bugs)] : []),
      ...searchRows(bugs).map(([what, path, extra]): [string, LoadSpec] => [what, spec(server.url, path, extra)]),
    ];
    for (const [what, load] of rows) {
      const options = { connections: CONNECTIONS, durationSeconds: DURATION, workDir: work, timeoutSeconds: 10 };
      // The first answers of a row pay for what it is the first to need (the JIT's compiling, a file
      // store's search indexes brought up to date, PostgreSQL's plans and buffers): a warm-up, as the
      // other benches have, so that the p99 is the row's steady state and not its first second.
      if (WARMUP > 0) await runLoad(load, { ...options, durationSeconds: WARMUP });
      const result = await runLoad(load, options);
      note(bugs, store, what, result.p99Ms, `ms (${Math.round(result.reqPerSec)} req/s, ${result.errors} errors)`);
    }
    note(bugs, store, 'RSS after the load', memoryMb(server.process.pid).rss, 'MB');
  } finally {
    const stopping = performance.now();
    await server.stop();
    note(bugs, store, 'shutdown', (performance.now() - stopping) / 1000, 's');
  }
}

async function main(): Promise<void> {
  const cluster = startCacheCluster();
  try {
    for (const bugs of SIZES) {
      const source = await generatedBugzilla(cluster.url, bugs, (line) => console.error(line));
      const data = join(work, `data-${bugs}.json`);
      if (runImport(bugs, source, ['--data', data], 'data file')) {
        await serveRows(bugs, 'data file', data, [], true);
        await rm(`${data}.attachments`, { recursive: true, force: true });
        for (const suffix of ['', '.journal', '.journal.folding']) await rm(`${data}${suffix}`, { force: true });
      }
      const ours = databaseOf(cluster.url, `scale_store_${bugs}`);
      await recreate(cluster.url, `scale_store_${bugs}`);
      if (runImport(bugs, source, ['--database', ours], 'PostgreSQL'))
        await serveRows(bugs, 'PostgreSQL', ours, [], true);
      await drop(cluster.url, `scale_store_${bugs}`);
      await besideBugzilla(bugs, source);
    }
  } finally {
    cluster.stop();
    await rm(work, { recursive: true, force: true });
  }
  await report();
}

/**
 * `serve --bugzilla-schema` over the generated database, completed as an installed 5.2 is (scale-data.ts
 * `installed`); a refusal to serve it is said, and the row not measured.
 */
async function besideBugzilla(bugs: number, source: string): Promise<void> {
  const dir = await makeBugzillaDir();
  try {
    await serveRows(bugs, 'beside the Bugzilla database', source, ['--bugzilla-schema', '--bugzilla-dir', dir], false);
  } catch (error) {
    console.error(
      `  ${bugs} bugs, beside the Bugzilla database: not measured (${(error as Error).message.split('\n')[0]})`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function recreate(clusterUrl: string, name: string): Promise<void> {
  await drop(clusterUrl, name);
  await sql(clusterUrl, `CREATE DATABASE ${name}`);
}

const drop = (clusterUrl: string, name: string) => sql(clusterUrl, `DROP DATABASE IF EXISTS ${name}`);

async function sql(url: string, text: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** Each figure beside the same at a tenth of the bugs, and the ratio between them. */
async function report(): Promise<void> {
  const lines = [
    `bench:scale (${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]?.toFixed(1)}, ` +
      `${CONNECTIONS} connections, ${DURATION} s a row after ${WARMUP} s of warm-up)`,
    '',
    '| store | figure | bugs | value | at a tenth of the bugs | × |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const f of figures) {
    const smaller = figures.find((g) => g.store === f.store && g.what === f.what && g.bugs * 10 === f.bugs);
    const ratio = smaller && smaller.value > 0 ? (f.value / smaller.value).toFixed(1) : '';
    lines.push(
      `| ${f.store} | ${f.what} | ${f.bugs} | ${f.value} ${f.unit} | ${smaller ? smaller.value : ''} | ${ratio} |`,
    );
  }
  const table = lines.join('\n');
  console.log(table);
  await writeFile(join(values.out, 'scale.md'), `${table}\n`);
  await writeFile(join(values.out, 'scale.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

await main();
