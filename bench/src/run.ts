import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureAttachmentInterference } from './attachment-rows.js';
import { CREATE_ROW, createBug, UPDATE_ROW, updateBug } from './bug-write-rows.js';
import { BUGZILLA_SCHEMA_SERVER, measureBugzillaSchema } from './bugzilla-schema-rows.js';
import { catalogueTargets, importCatalogueFixture, measureCatalogue } from './catalogue-rows.js';
import { BENCH_KEY, BUG_COUNT, HEAVY_KEY, importFixture as importVisits, writeJsonServerDb } from './data.js';
import { measureExtension, percentiles } from './extension-figures.js';
import { measureLatency } from './latency-rows.js';
import { type LoadResult, type LoadSpec, loadGenerator, runLoad } from './load-generator.js';
import { measureLoginBurst } from './login-burst.js';
import { benchDatabase, loadSpread } from './postgres-rows.js';
import { measurePreviousRelease } from './previous-release.js';
import { CLI, memoryMb, type Started, startCeiling, startJsonServer, startOurs, startRouting } from './processes.js';
import { markdownTable, type Row, scalingSvg, type Target, targetsTable } from './report.js';
import { measureRpc, rpcTargets } from './rpc-rows.js';
import { measureScaleOut } from './scale-out-rows.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    sizes: { type: 'string' },
    connections: { type: 'string', default: '10' },
    samples: { type: 'string' },
    'previous-release': { type: 'boolean' },
    out: { type: 'string' },
  },
});
/**
 * A quick run is a look, not a result: it writes outside the tracked bench/results unless --out
 * says where, and skips the previous release (a second npm ci of ~300 MB) unless asked.
 */
const out =
  values.out ??
  (values.quick ? join(tmpdir(), 'bz-companion-bench-quick') : fileURLToPath(new URL('../results', import.meta.url)));
const withPreviousRelease = values['previous-release'] ?? !values.quick;
const durationSeconds = Number(values.duration ?? (values.quick ? 2 : 10));
const sizes = (values.sizes ?? '1000,100000,1000000').split(',').map(Number);
const connections = Number(values.connections);
const samples = Number(values.samples ?? (values.quick ? 5 : 20));
const work = await mkdtemp(join(tmpdir(), 'bz-companion-bench-'));
const warmUpSeconds = Number(values.warmup ?? Math.max(1, Math.min(3, Math.round(durationSeconds / 3))));
/** Warms the server up (JIT, caches, connections) with the same requests, then measures. */
const loadWith = async (spec: LoadSpec, withConnections: number): Promise<LoadResult> => {
  const options = { connections: withConnections, workDir: work };
  if (warmUpSeconds > 0) await runLoad(spec, { ...options, durationSeconds: warmUpSeconds });
  return runLoad(spec, { ...options, durationSeconds });
};
const load = (spec: LoadSpec) => loadWith(spec, connections);
const started: Started[] = [];
const track = (server: Started) => {
  started.push(server);
  return server;
};

const rows: Row[] = [];
let ceilingRate = Number.NaN;
function record(name: string, server: string, result: LoadResult, extra: Partial<Row> = {}): Row {
  const row: Row = {
    name,
    server,
    req_per_s: result.reqPerSec,
    p50_ms: result.p50Ms,
    p99_ms: result.p99Ms,
    ratio_to_ceiling: result.reqPerSec / ceilingRate,
    errors: result.errors,
    ...extra,
  };
  rows.push(row);
  console.error(`  ${name} [${server}]: ${Math.round(result.reqPerSec)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`);
  return row;
}

const importFixture = (visits: number, database?: string) => importVisits(CLI, work, visits, database);

/** Averages runs of one row: mean throughput and p50, worst p99, every error. */
function combined(results: LoadResult[]): LoadResult {
  const mean = (pick: (result: LoadResult) => number) =>
    results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  return {
    reqPerSec: mean((result) => result.reqPerSec),
    p50Ms: mean((result) => result.p50Ms),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

/**
 * Routing alone: our app with its dispatch table and with @koa/router, both in
 * memory, measured in the order A B B A so that drift on the shared cores
 * weighs on both alike. Resolves to the router's throughput over the table's.
 */
async function measureRouting(): Promise<number> {
  const servers = {
    'dispatch-table': track(await startRouting('dispatch-table')),
    'koa-router': track(await startRouting('koa-router')),
  };
  const results: Record<keyof typeof servers, LoadResult[]> = { 'dispatch-table': [], 'koa-router': [] };
  for (const routing of ['dispatch-table', 'koa-router', 'koa-router', 'dispatch-table'] as const) {
    results[routing].push(await load({ method: 'GET', url: `${servers[routing].url}/rest/version` }));
  }
  const table = record(
    'GET /rest/version, routing A/B',
    'app in memory, dispatch table',
    combined(results['dispatch-table']),
  );
  const router = record(
    'GET /rest/version, routing A/B',
    'app in memory, @koa/router',
    combined(results['koa-router']),
  );
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  return router.req_per_s / table.req_per_s;
}

/** Transactions committed in `url`'s database so far: one per group commit of visits. */
async function committedTransactions(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ n: string }>(
      'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(found[0]?.n ?? Number.NaN);
  } finally {
    await client.end();
  }
}

/** The rows against the previous release (previous-release.ts); skipped with a note where it cannot be built. */
async function againstPreviousRelease(): Promise<Target[]> {
  if (!withPreviousRelease) {
    console.error('  previous-release rows skipped (--quick; add --previous-release to build and measure it)');
    return [];
  }
  try {
    const measured = await measurePreviousRelease({
      workDir: work,
      connections,
      durationSeconds,
      warmUpSeconds,
      rounds: values.quick ? 1 : 3,
    });
    rows.push(...measured.rows);
    return measured.targets;
  } catch (error) {
    console.error(`  previous-release rows skipped: ${(error as Error).message}`);
    return [];
  }
}

const recentVisits = (url: string): LoadSpec => ({
  method: 'GET',
  url: `${url}/rest/bug_user_last_visit`,
  headers: { 'X-BUGZILLA-API-KEY': HEAVY_KEY },
});

/**
 * The PostgreSQL store: durable POST and recent-visits GET with one
 * instance and with two on the same database (connections split between them, as
 * behind a load balancer), then how long a database of the largest size takes to
 * start serving. Resolves to the targets it checks; no rows without PostgreSQL.
 */
async function measurePostgres(largest: number): Promise<Target[]> {
  const database = await benchDatabase();
  if (!database) {
    console.error('  PostgreSQL rows skipped: no BENCH_DATABASE_URL/TEST_DATABASE_URL and no postgresql installed');
    return [];
  }
  try {
    const url = await importFixture(100_000, await database.create('100k'));
    const first = track(await startOurs(url));
    const onOne = {
      post: record(`${POST_ROW}`, 'bz-companion on PostgreSQL, 1 instance', await load(postVisit(first.url))),
      get: record(`${GET_ROW}`, 'bz-companion on PostgreSQL, 1 instance', await load(recentVisits(first.url))),
    };
    await measureBugWrites(first.url, 'bz-companion on PostgreSQL, 1 instance');
    const second = track(await startOurs(url));
    const both = [first.url, second.url];
    const onTwo = {
      post: record(
        `${POST_ROW}`,
        'bz-companion on PostgreSQL, 2 instances',
        await loadSpread(loadWith, both, postVisit, connections),
      ),
      get: record(
        `${GET_ROW}`,
        'bz-companion on PostgreSQL, 2 instances',
        await loadSpread(loadWith, both, recentVisits, connections),
      ),
    };
    await Promise.all([first.stop(), second.stop()]);
    const scaleOut = await measureScaleOut({
      databaseUrl: url,
      start: async (databaseUrl) => track(await startOurs(databaseUrl)),
      load: loadWith,
      spec: postVisit,
      connections,
      durationSeconds,
      commits: () => committedTransactions(url),
    });
    rows.push(...scaleOut.rows);
    const overBugzilla = record(POST_ROW, BUGZILLA_SCHEMA_SERVER, await measureBugzillaSchema(database, load));

    const big = await importFixture(largest, await database.create('largest'));
    const server = track(await startOurs(big));
    const atStart = memoryMb(server.child.pid);
    const started = record(
      `POST durable, ${largest.toLocaleString('en')} stored visits`,
      'bz-companion on PostgreSQL, 1 instance',
      await load(postVisit(server.url)),
      { stored_visits: largest, start_ms: server.startMs, rss_mb: atStart.peak },
    );
    await server.stop();
    return [
      {
        what: 'PostgreSQL, 1 instance: durable POST ≥ 3,000 req/s, p99 ≤ 20 ms',
        measured: `${Math.round(onOne.post.req_per_s)} req/s, p99 ${onOne.post.p99_ms.toFixed(1)} ms`,
        met: onOne.post.req_per_s >= 3000 && onOne.post.p99_ms <= 20,
      },
      {
        what: 'a Bugzilla 5.2 database (--bugzilla-schema) ≥ 0.9× our schema (durable POST, 1 instance)',
        measured: `${(overBugzilla.req_per_s / onOne.post.req_per_s).toFixed(2)}× (${Math.round(overBugzilla.req_per_s)} req/s, p99 ${overBugzilla.p99_ms.toFixed(1)} ms)`,
        met: overBugzilla.req_per_s >= 0.9 * onOne.post.req_per_s,
      },
      ...scaleOut.targets,
      {
        what: 'PostgreSQL, 2 instances ≥ 1.3× 1 instance (durable POST; all sharing this 2-core machine)',
        measured: `${(onTwo.post.req_per_s / onOne.post.req_per_s).toFixed(2)}× (GET: ${(onTwo.get.req_per_s / onOne.get.req_per_s).toFixed(2)}×)`,
        met: onTwo.post.req_per_s >= 1.3 * onOne.post.req_per_s,
      },
      {
        what: `PostgreSQL with ${largest.toLocaleString('en')} visits starts serving ≤ 1 s`,
        measured: `${Math.round(started.start_ms ?? 0)} ms`,
        met: (started.start_ms ?? 0) <= 1000,
      },
    ];
  } finally {
    await database.close();
  }
}

/** Bug.update and Bug.create, durable, on one server (bug-write-rows.ts). */
async function measureBugWrites(url: string, server: string): Promise<void> {
  record(UPDATE_ROW, server, await load(updateBug(url, BUG_COUNT)));
  record(CREATE_ROW, server, await load(createBug(url)));
}

const POST_ROW = 'POST /rest/bug_user_last_visit/{id} (durable)';
const GET_ROW = 'GET /rest/bug_user_last_visit (recent 20 of 1k+)';

const postVisit = (url: string): LoadSpec => ({
  method: 'POST',
  url: `${url}/rest/bug_user_last_visit/{id}`,
  headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY },
  ids: BUG_COUNT,
});

try {
  console.error(
    `bench: ${loadGenerator}, ${connections} connections, ${warmUpSeconds} s warm-up + ${durationSeconds} s a row, ${cpus().length} cores`,
  );
  const ceiling = track(await startCeiling());
  const oursData = await importFixture(100_000);
  const ours = track(await startOurs(oursData));
  const jsonDb = join(work, 'json-server-db.json');
  await writeJsonServerDb(jsonDb);
  const jsonServer = track(await startJsonServer(jsonDb));
  const asUser = { 'X-BUGZILLA-API-KEY': BENCH_KEY };

  const ceilingRow = await load({ method: 'GET', url: `${ceiling.url}/rest/version` });
  ceilingRate = ceilingRow.reqPerSec;
  record('GET /rest/version', 'node:http ceiling', ceilingRow);
  record(
    'GET /rest/version',
    'bz-companion',
    await load({ method: 'GET', url: `${ours.url}/rest/version`, headers: asUser }),
  );
  record('GET /version', 'json-server', await load({ method: 'GET', url: `${jsonServer.url}/version` }));
  const rpcRows = await measureRpc(ours.url, load, record);
  const catalogueServer = track(await startOurs(await importCatalogueFixture(CLI, work)));
  const catalogueRows = await measureCatalogue(catalogueServer.url, load, record);
  await catalogueServer.stop();
  const routingRatio = await measureRouting();
  const previousRelease = await againstPreviousRelease();
  record(
    'GET /rest/time',
    'bz-companion',
    await load({ method: 'GET', url: `${ours.url}/rest/time`, headers: asUser }),
  );
  record(
    'GET /rest/parameters',
    'bz-companion',
    await load({ method: 'GET', url: `${ours.url}/rest/parameters`, headers: asUser }),
  );
  const durablePost = record(POST_ROW, 'bz-companion', await load(postVisit(ours.url)));
  const loginBurst = await measureLoginBurst(ours.url);
  rows.push(loginBurst.row);
  const latency = await measureLatency(values.quick ? 200 : 2000);
  rows.push(...latency.rows);
  const jsonPost = record(
    'POST /bug_user_last_visit (not durable)',
    'json-server',
    await load({
      method: 'POST',
      url: `${jsonServer.url}/bug_user_last_visit`,
      headers: { 'Content-Type': 'application/json' },
      body: '{"user_id":1,"bug_id":{id},"last_visit_ts":"2026-11-21T16:20:40Z"}',
      ids: BUG_COUNT,
    }),
  );
  record(GET_ROW, 'bz-companion', await load(recentVisits(ours.url)));
  // The extension's badge refresh: one search for the recently visited bugs' summaries and change times.
  const twentyIds = Array.from({ length: 20 }, (_, i) => 1 + i * 250).join(',');
  record(
    'GET /rest/bug?id= (20 ids)',
    'bz-companion',
    await load({
      method: 'GET',
      url: `${ours.url}/rest/bug?id=${twentyIds}&include_fields=id,summary,last_change_time`,
      headers: asUser,
    }),
  );
  record(
    'POST /rest/bug/{id}/comment (durable)',
    'bz-companion',
    await load({
      method: 'POST',
      url: `${ours.url}/rest/bug/{id}/comment`,
      headers: { ...asUser, 'Content-Type': 'application/json' },
      body: '{"comment":"Seen again on build {id}."}',
      ids: BUG_COUNT,
    }),
  );
  await measureBugWrites(ours.url, 'bz-companion');
  const attachmentTarget = await measureAttachmentInterference(ours.url, 'bz-companion', load, record);
  await Promise.all([ours.stop(), jsonServer.stop()]);

  const scaling: Row[] = [];
  for (const size of sizes) {
    const data = await importFixture(size);
    const server = track(await startOurs(data));
    const atStart = memoryMb(server.child.pid);
    const result = await load(postVisit(server.url));
    const after = memoryMb(server.child.pid);
    scaling.push(
      record(`POST durable, ${size.toLocaleString('en')} stored visits`, 'bz-companion', result, {
        stored_visits: size,
        start_ms: server.startMs,
        rss_mb: Math.max(atStart.peak, after.peak),
      }),
    );
    await server.stop();
    await rm(data, { force: true });
    await rm(`${data}.journal`, { force: true });
  }

  const postgresTargets = await measurePostgres(sizes[sizes.length - 1] ?? 1_000_000);

  const extensionServer = track(await startOurs(await importFixture(1_000)));
  const figures = await measureExtension(extensionServer.url, BENCH_KEY, samples, HEAVY_KEY);
  const firstPaint = figures && figures.popupFirstPaint.length > 0 ? percentiles(figures.popupFirstPaint).p50 : null;
  if (figures) {
    console.error(
      `  extension: the popup opened as a ${figures.popupOpenedAs === 'toolbar' ? 'toolbar popup (action.openPopup)' : 'tab (no action.openPopup here)'}`,
    );
    for (const [name, values] of [
      ['extension: bug page load -> POST arrival', figures.pageLoadToPost],
      ['extension: bug page load -> banner shown', figures.pageLoadToBanner],
      ['extension: popup open -> first paint, nothing kept (before)', figures.popupFirstPaintUncached],
      ['extension: popup open -> first paint from what it kept', figures.popupFirstPaint],
      ['extension: popup open -> all data shown', figures.popupToData],
      ['extension: empty extension page open -> first frame (the floor)', figures.emptyPageFirstFrame],
    ] as const) {
      const { p50, p99 } = percentiles(values);
      rows.push({
        name,
        server: 'Chromium + bz-companion',
        req_per_s: Number.NaN,
        p50_ms: p50,
        p99_ms: p99,
        ratio_to_ceiling: Number.NaN,
        errors: samples - values.length,
      });
      console.error(`  ${name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${values.length} samples)`);
    }
  } else {
    console.error('  extension figures skipped: build the extension (npm run build) to measure it');
  }
  await extensionServer.stop();

  const version = rows.find((r) => r.name === 'GET /rest/version' && r.server === 'bz-companion') as Row;
  const smallest = scaling[0];
  const largest = scaling[scaling.length - 1];
  const targets: Target[] = [
    {
      what: 'GET /rest/version ≥ 0.45× ceiling',
      measured: `${version.ratio_to_ceiling.toFixed(2)}×`,
      met: version.ratio_to_ceiling >= 0.45,
    },
    {
      what: 'durable POST ≥ 3,500 req/s, p99 ≤ 20 ms',
      measured: `${Math.round(durablePost.req_per_s)} req/s, p99 ${durablePost.p99_ms.toFixed(1)} ms`,
      met: durablePost.req_per_s >= 3500 && durablePost.p99_ms <= 20,
    },
    {
      what: 'durable POST ≥ 5× json-server POST',
      measured: `${(durablePost.req_per_s / jsonPost.req_per_s).toFixed(1)}×`,
      met: durablePost.req_per_s >= 5 * jsonPost.req_per_s,
    },
  ];
  if (smallest && largest && largest !== smallest) {
    const flat = largest.req_per_s / smallest.req_per_s;
    targets.push({
      what: `POST at ${largest.stored_visits?.toLocaleString('en')} ≥ 0.8× at ${smallest.stored_visits?.toLocaleString('en')}`,
      measured: `${flat.toFixed(2)}×`,
      met: flat >= 0.8,
    });
  }
  if (largest) {
    targets.push({
      what: `start with ${largest.stored_visits?.toLocaleString('en')} visits ≤ 2 s, peak RSS under load ≤ 250 MB`,
      measured: `${Math.round(largest.start_ms ?? 0)} ms, ${Math.round(largest.rss_mb ?? 0)} MB`,
      met: (largest.start_ms ?? 0) <= 2000 && (largest.rss_mb ?? 0) <= 250,
    });
  }

  if (firstPaint !== null && figures) {
    const floor = percentiles(figures.emptyPageFirstFrame).p50;
    targets.push({
      what: 'popup first paint (from what it kept) ≤ 50 ms median',
      measured: `${firstPaint.toFixed(1)} ms (an empty extension page: ${floor.toFixed(1)} ms; opened as a ${figures.popupOpenedAs === 'toolbar' ? 'toolbar popup' : 'tab'})`,
      met: firstPaint <= 50,
    });
  }
  targets.push(...rpcTargets(rpcRows, version));
  targets.push(...catalogueTargets(catalogueRows));
  targets.push(loginBurst.target);
  targets.push(attachmentTarget);
  targets.push(...latency.targets);
  targets.push(...previousRelease);
  targets.push(...postgresTargets);
  targets.push({
    what: 'dispatch table faster than @koa/router (same app, GET /rest/version)',
    measured: `@koa/router at ${routingRatio.toFixed(2)}× the dispatch table`,
    met: routingRatio < 1,
  });

  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const report = `${markdownTable(rows)}\n\n${targetsTable(targets)}\n`;
  console.log(report);
  await mkdir(out, { recursive: true });
  await writeFile(
    join(out, 'latest.json'),
    `${JSON.stringify(
      {
        measured_at: new Date().toISOString(),
        load_generator: loadGenerator,
        connections,
        duration_s: durationSeconds,
        cores: cpus().length,
        node: process.version,
        rows,
        targets,
      },
      null,
      2,
    )}\n`,
  );
  await writeFile(join(out, 'scaling.svg'), scalingSvg(scaling));
  await writeFile(join(out, 'latest.md'), report);
  console.error(`bench: wrote ${join(out, 'latest.json')}, latest.md and scaling.svg`);
  if (errors > 0) {
    console.error(`bench: ${errors} requests failed`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all(started.map((server) => server.stop()));
  await rm(work, { recursive: true, force: true });
}
