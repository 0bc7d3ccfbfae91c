import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_KEY, BUG_COUNT, HEAVY_KEY, importFixture as importVisits } from './data.js';
import { type LoadSpec, loadGenerator, runLoad } from './load-generator.js';
import { CLI, memoryMb, type Started, startOurs } from './processes.js';

/**
 * `npm run stress`: the long, adversarial runs that do not fit in `npm test`.
 * kill -9 at random moments under concurrent writes (some mid-compaction),
 * thousands of fuzzed requests and random access worlds, and a soak of mixed
 * load. Prints a summary and exits non-zero on any loss, crash or 5xx.
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    cycles: { type: 'string' },
    'fuzz-runs': { type: 'string' },
    'soak-minutes': { type: 'string' },
    out: { type: 'string', default: fileURLToPath(new URL('../results', import.meta.url)) },
  },
});
const cycles = Number(values.cycles ?? (values.quick ? 5 : 50));
const fuzzRuns = Number(values['fuzz-runs'] ?? (values.quick ? 500 : 5000));
const soakMinutes = Number(values['soak-minutes'] ?? (values.quick ? 0.5 : 10));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const work = await mkdtemp(join(tmpdir(), 'bz-companion-stress-'));
/** Small, so that compaction runs every few hundred writes and kills land in the middle of it. */
const FOLD_OFTEN = ['--fold-after', '20000'];

interface Summary {
  phase: string;
  cycles: number;
  requests: number;
  lost: number;
  unreadable: number;
  server_errors: number;
  crashes: number;
  max_rss_mb: number;
  note: string;
}
const summaries: Summary[] = [];
const newSummary = (phase: string, note = ''): Summary => ({
  phase,
  cycles: 0,
  requests: 0,
  lost: 0,
  unreadable: 0,
  server_errors: 0,
  crashes: 0,
  max_rss_mb: 0,
  note,
});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const importFixture = (visits: number) => importVisits(CLI, work, visits);

async function post(url: string, bug: number): Promise<{ status: number; ts: string | undefined }> {
  const response = await fetch(`${url}/rest/bug_user_last_visit/${bug}`, {
    method: 'POST',
    headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY },
  });
  const body = (await response.json()) as Array<{ last_visit_ts: string }>;
  return { status: response.status, ts: response.status === 200 ? body[0]?.last_visit_ts : undefined };
}

/** The bugs the crash cycles comment on: few, so reading every comment back is one request. */
const COMMENTED_BUGS = 50;

async function postComment(
  url: string,
  bug: number,
  text: string,
): Promise<{ status: number; id: number | undefined }> {
  const response = await fetch(`${url}/rest/bug/${bug}/comment`, {
    method: 'POST',
    headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ comment: text }),
  });
  const body = (await response.json()) as { id?: number };
  return { status: response.status, id: response.status === 201 ? body.id : undefined };
}

/** Comments acknowledged (id -> text) that are missing or say something else. */
async function lostComments(url: string, acknowledged: Map<number, string>): Promise<number[]> {
  const others = Array.from({ length: COMMENTED_BUGS - 1 }, (_, i) => `ids=${i + 2}`).join('&');
  const response = await fetch(`${url}/rest/bug/1/comment?${others}&include_fields=id,text`, {
    headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY },
  });
  const { bugs } = (await response.json()) as {
    bugs: Record<string, { comments: Array<{ id: number; text: string }> }>;
  };
  const stored = new Map(Object.values(bugs).flatMap(({ comments }) => comments.map((c) => [c.id, c.text] as const)));
  return [...acknowledged].filter(([id, text]) => stored.get(id) !== text).map(([id]) => id);
}

/** Bugs whose acknowledged visit is missing or older than acknowledged. */
async function lostVisits(url: string, acknowledged: Map<number, string>): Promise<number[]> {
  const lost: number[] = [];
  const ids = [...acknowledged.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const response = await fetch(`${url}/rest/bug_user_last_visit?${chunk.map((id) => `ids=${id}`).join('&')}`, {
      headers: { 'X-BUGZILLA-API-KEY': BENCH_KEY },
    });
    const stored = new Map(
      ((await response.json()) as Array<{ id: number; last_visit_ts: string | null }>).map((v) => [
        v.id,
        v.last_visit_ts,
      ]),
    );
    for (const id of chunk) {
      const ts = stored.get(id);
      if (!ts || ts < (acknowledged.get(id) as string)) lost.push(id);
    }
  }
  return lost;
}

async function crashCycles(): Promise<void> {
  const data = await importFixture(1000);
  const acknowledged = new Map<number, string>();
  const comments = new Map<number, string>();
  const summary = newSummary(
    'kill -9 under concurrent writes',
    'visits and comments; journal compaction every ~20 kB, so some kills land mid-compaction',
  );
  for (let cycle = 0; cycle < cycles; cycle++) {
    let server: Started;
    try {
      server = await startOurs(data, FOLD_OFTEN);
    } catch (error) {
      summary.unreadable++;
      console.error(`stress: the server could not start after a kill: ${(error as Error).message}`);
      break;
    }
    const lost = await lostVisits(server.url, acknowledged);
    summary.lost += lost.length;
    if (lost.length) console.error(`stress: cycle ${cycle}: lost acknowledged visits to bugs ${lost.join(', ')}`);
    const lostNotes = await lostComments(server.url, comments);
    summary.lost += lostNotes.length;
    if (lostNotes.length) console.error(`stress: cycle ${cycle}: lost acknowledged comments ${lostNotes.join(', ')}`);
    let running = true;
    // Half the writers record visits, half post comments.
    const writer = async (worker: number) => {
      for (let i = 0; running; i++) {
        try {
          if (worker % 2 === 1) {
            const text = `cycle ${cycle}, worker ${worker}, comment ${i}`;
            const answer = await postComment(server.url, 1 + ((worker + i) % COMMENTED_BUGS), text);
            summary.requests++;
            if (answer.status >= 500) summary.server_errors++;
            if (answer.id !== undefined) {
              if (comments.has(answer.id)) summary.lost++; // an id given twice overwrote a comment
              comments.set(answer.id, text);
            }
            continue;
          }
          const bug = 1 + ((worker * 7919 + i * 104729 + cycle * 31) % BUG_COUNT);
          const answer = await post(server.url, bug);
          summary.requests++;
          if (answer.status >= 500) summary.server_errors++;
          if (answer.ts && (acknowledged.get(bug) ?? '') < answer.ts) acknowledged.set(bug, answer.ts);
        } catch {
          return; // Killed under this request: it was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
    await sleep(50 + Math.random() * 400);
    summary.max_rss_mb = Math.max(summary.max_rss_mb, memoryMb(server.child.pid).peak);
    if (server.child.exitCode !== null) summary.crashes++;
    running = false;
    server.child.kill('SIGKILL');
    await Promise.all(writers);
    await server.stop();
    summary.cycles++;
  }
  const final = await startOurs(data, FOLD_OFTEN);
  summary.lost += (await lostVisits(final.url, acknowledged)).length;
  summary.lost += (await lostComments(final.url, comments)).length;
  await final.stop();
  summaries.push(summary);
}

function fuzzing(): void {
  const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', 'server/testing/fuzz/fuzz.test.ts', 'server/src/bugzilla/access.property.test.ts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, FUZZ_RUNS: String(fuzzRuns), ACCESS_RUNS: String(Math.max(40, fuzzRuns / 20)) },
    },
  );
  summaries.push({
    phase: 'fuzzed requests + random access worlds',
    cycles: 1,
    requests: fuzzRuns,
    lost: 0,
    unreadable: 0,
    server_errors: 0,
    crashes: run.status === 0 ? 0 : 1,
    max_rss_mb: Number.NaN,
    note:
      run.status === 0 ? 'every answer Bugzilla-shaped, no rejected request changed data' : 'FAILED: see output above',
  });
  if (run.status !== 0) console.error(run.stdout, run.stderr);
}

async function soak(): Promise<void> {
  const data = await importFixture(100_000);
  const server = await startOurs(data, ['--fold-after', String(1024 * 1024)]);
  const asUser = { 'X-BUGZILLA-API-KEY': BENCH_KEY };
  const mix: LoadSpec[] = [
    { method: 'POST', url: `${server.url}/rest/bug_user_last_visit/{id}`, headers: asUser, ids: BUG_COUNT },
    { method: 'GET', url: `${server.url}/rest/version` },
    { method: 'GET', url: `${server.url}/rest/bug_user_last_visit`, headers: { 'X-BUGZILLA-API-KEY': HEAVY_KEY } },
    { method: 'GET', url: `${server.url}/rest/parameters`, headers: asUser },
    { method: 'GET', url: `${server.url}/rest/time`, headers: asUser },
  ];
  const summary = newSummary(`soak, ${soakMinutes} min of mixed load at 10 connections`);
  const slice = Math.max(1, Math.min(10, Math.round(soakMinutes * 6)));
  const end = Date.now() + soakMinutes * 60_000;
  const warmUntil = Date.now() + Math.min(60_000, soakMinutes * 60_000 * 0.2);
  /** RSS after each slice once warmed up; compaction makes short spikes, so growth compares medians. */
  const samples: number[] = [];
  let maxFileBytes = 0;
  for (let i = 0; Date.now() < end; i++) {
    const spec = mix[i % mix.length] as LoadSpec;
    const result = await runLoad(spec, { connections: 10, durationSeconds: slice, workDir: work });
    summary.requests += Math.round(result.reqPerSec * slice);
    summary.server_errors += result.errors;
    const rss = memoryMb(server.child.pid).rss;
    if (Date.now() >= warmUntil) samples.push(rss);
    summary.max_rss_mb = Math.max(summary.max_rss_mb, rss);
    const sizes = await Promise.all(
      [stat(data), stat(`${data}.journal`)].map((p) =>
        p.then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    maxFileBytes = Math.max(
      maxFileBytes,
      sizes.reduce((a, b) => a + b, 0),
    );
    if (server.child.exitCode !== null) {
      summary.crashes++;
      break;
    }
  }
  const half = Math.floor(samples.length / 2);
  const early = median(samples.slice(0, half));
  const late = median(samples.slice(half));
  const growth = late / early - 1;
  summary.cycles = 1;
  summary.note =
    `median RSS ${early.toFixed(0)} MB early, ${late.toFixed(0)} MB late (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), ` +
    `peak ${summary.max_rss_mb.toFixed(0)} MB during compaction; files at most ${(maxFileBytes / 1e6).toFixed(1)} MB`;
  if (soakMinutes < 3) {
    summary.note += ' (too short to judge growth: the soak needs a minute of warm-up)';
  } else if (growth > 0.1) {
    summary.crashes++;
    summary.note += ' — RSS grew more than 10%';
  }
  await server.stop();
  summaries.push(summary);
}

try {
  console.error(`stress: ${cycles} crash cycles, ${fuzzRuns} fuzz cases, ${soakMinutes} min soak (${loadGenerator})`);
  await crashCycles();
  fuzzing();
  await soak();
  const table = [
    '| phase | cycles | requests | lost | unreadable | 5xx | crashes | max RSS MB | note |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...summaries.map(
      (s) =>
        `| ${s.phase} | ${s.cycles} | ${s.requests} | ${s.lost} | ${s.unreadable} | ${s.server_errors} | ${s.crashes} | ${Number.isNaN(s.max_rss_mb) ? '' : s.max_rss_mb.toFixed(0)} | ${s.note} |`,
    ),
  ].join('\n');
  console.log(table);
  await mkdir(values.out, { recursive: true });
  await writeFile(join(values.out, 'stress.md'), `${table}\n`);
  await writeFile(
    join(values.out, 'stress.json'),
    `${JSON.stringify({ measured_at: new Date().toISOString(), summaries }, null, 2)}\n`,
  );
  const failed = summaries.some((s) => s.lost + s.unreadable + s.server_errors + s.crashes > 0);
  if (failed) console.error('stress: FAILED');
  process.exitCode = failed ? 1 : 0;
} finally {
  await rm(work, { recursive: true, force: true });
}
