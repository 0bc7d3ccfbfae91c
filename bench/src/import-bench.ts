/**
 * npm run bench:import: `import --from-bugzilla` of a generated Bugzilla 5.x database (every bug
 * with 3 comments and 2 history entries, 1,000 users, a CC and a visit each) from MariaDB and from
 * PostgreSQL into a data file, at 10,000 and 100,000 bugs: the wall time of the whole command
 * (connect, read, write the data file), and whether it grows linearly with the bugs. The same tracker
 * as a fixture file (`import FIXTURE.json`) gives the fixture import's rows.
 *
 * Uses BENCH_MYSQL_URL / TEST_MYSQL_URL and BENCH_DATABASE_URL / TEST_DATABASE_URL (users that may
 * CREATE DATABASE), else starts throwaway servers with .ci/mariadb-cluster and .ci/pg-cluster.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createScratchDatabase,
  createScratchMysqlDatabase,
  openBugzillaSqlSession,
  writeGeneratedBugzilla,
} from '@bz-companion/server/bugzilla-import-testing';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    out: { type: 'string', default: fileURLToPath(new URL('../results', import.meta.url)) },
  },
});
const SIZES = values.sizes.split(',').map(Number);
/** The CLI, run by a wrapper that reports the CPU time it used. */
const CLI = fileURLToPath(new URL('./import-child.js', import.meta.url));
/** The targets of the issue: 100,000 bugs in a minute, and ten times the bugs in at most eleven times the time. */
const LIMIT_SECONDS = 60;
const LIMIT_RATIO = 11;

interface Server {
  engine: 'MariaDB' | 'PostgreSQL' | 'fixture file';
  url: string;
  scratch(url: string): Promise<{ url: string; drop(): Promise<void> }>;
  done(): void;
}

function startServer(engine: 'MariaDB' | 'PostgreSQL'): Server {
  const mysql = engine === 'MariaDB';
  const given = mysql
    ? (process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL)
    : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  const scratch = mysql ? createScratchMysqlDatabase : createScratchDatabase;
  if (given) return { engine, url: given, scratch, done: () => {} };
  const script = fileURLToPath(new URL(`../../.ci/${mysql ? 'mariadb-cluster' : 'pg-cluster'}`, import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'bz-companion-bench-import-'));
  chmodSync(dir, 0o755);
  const url = execFileSync(script, ['start', dir], { encoding: 'utf8' }).trim();
  return { engine, url, scratch, done: () => execFileSync(script, ['destroy', dir]) };
}

interface Row {
  engine: string;
  bugs: number;
  comments: number;
  changes: number;
  load_seconds: number;
  import_seconds: number;
  /** User and system CPU time of the import's process. */
  import_cpu_seconds: number;
  /** The machine's 1-minute load average when the import ended (2 cores: above 2, others were waiting too). */
  load_average: number;
}

/** The same tracker as a fixture: 1,000 users, every bug with 3 comments and 2 history entries. */
async function writeFixture(path: string, bugs: number): Promise<void> {
  const users = Array.from({ length: 1000 }, (_, i) => ({ login: `user${i + 1}@example.com` }));
  const at = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
  const base = Date.UTC(2024, 0, 1) / 1000;
  const parts: string[] = [`{"users":${JSON.stringify(users)},"bugs":[`];
  for (let id = 1; id <= bugs; id++) {
    const who = `user${(id % 1000) + 1}@example.com`;
    const filed = base + id * 60;
    const bug = {
      id,
      summary: `Bug number ${id}`,
      reporter: who,
      cc: [who],
      comments: [0, 1, 2].map((i) => ({ author: who, time: at(filed + i * 10), text: `Comment ${i} on bug ${id}` })),
      history: [0, 1].map((i) => ({
        who,
        when: at(filed + 5 + i * 10),
        changes: [{ field_name: 'status', removed: 'UNCONFIRMED', added: 'CONFIRMED' }],
      })),
    };
    parts.push(`${id > 1 ? ',' : ''}${JSON.stringify(bug)}`);
  }
  parts.push(']}');
  await writeFile(path, parts.join(''));
}

/** The source of the import: a scratch database loaded with the tracker, or a fixture file of it. */
async function prepare(
  server: Server,
  bugs: number,
  workDir: string,
): Promise<{ args: string[]; done(): Promise<void> }> {
  if (server.engine === 'fixture file') {
    const fixture = join(workDir, `fixture-${bugs}.json`);
    await writeFixture(fixture, bugs);
    return { args: [fixture], done: () => rm(fixture, { force: true }) };
  }
  const database = await server.scratch(server.url);
  const session = await openBugzillaSqlSession(database.url);
  try {
    await writeGeneratedBugzilla(session, { users: 1000, bugs, commentsPerBug: 3, changesPerBug: 2 });
  } finally {
    await session.close();
  }
  return { args: ['--from-bugzilla', database.url], done: () => database.drop() };
}

async function measure(server: Server, bugs: number, workDir: string): Promise<Row> {
  const loadStart = performance.now();
  const source = await prepare(server, bugs, workDir);
  try {
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const data = join(workDir, `import-${server.engine}-${bugs}.json`);
    const start = performance.now();
    const run = spawnSync(process.execPath, [CLI, 'import', ...source.args, '--data', data], {
      encoding: 'utf8',
    });
    const seconds = (performance.now() - start) / 1000;
    if (run.status !== 0) throw new Error(`import failed: ${run.stderr}`);
    await rm(data, { force: true });
    const cpu = JSON.parse(/bench-cpu (.*)/.exec(run.stderr)?.[1] ?? '{"user":0,"system":0}') as {
      user: number;
      system: number;
    };
    const row = {
      engine: server.engine,
      bugs,
      comments: bugs * 3,
      changes: bugs * 2,
      load_seconds: round(loadSeconds),
      import_seconds: round(seconds),
      import_cpu_seconds: round((cpu.user + cpu.system) / 1e6),
      load_average: round(loadavg()[0] ?? 0),
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await source.done();
  }
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'bz-companion-bench-import-data-'));
  const rows: Row[] = [];
  for (const engine of ['MariaDB', 'PostgreSQL', 'fixture file'] as const) {
    const server =
      engine === 'fixture file'
        ? { engine, url: '', scratch: createScratchDatabase, done: () => {} }
        : startServer(engine);
    try {
      for (const bugs of SIZES) rows.push(await measure(server, bugs, workDir));
    } finally {
      server.done();
    }
  }
  await rm(workDir, { recursive: true, force: true });
  const verdicts = verdictsOf(rows);
  const table = [
    `import --from-bugzilla (and of the same tracker as a fixture) into a data file (each bug: 3 comments, 2 history ` +
      `entries); limits: ${LIMIT_SECONDS} s at ` +
      `100,000 bugs, 10× bugs in ≤ ${LIMIT_RATIO}× time`,
    '',
    '| from | bugs | comments | history rows | import s | import CPU s | load average | (loading the database s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.bugs} | ${r.comments} | ${r.changes} | ${r.import_seconds} | ${r.import_cpu_seconds} | ` +
        `${r.load_average} | ${r.load_seconds} |`,
    ),
    '',
    ...verdicts.map((v) => `- ${v}`),
  ].join('\n');
  console.log(table);
  await writeFile(join(values.out, 'import.md'), `${table}\n`);
  await writeFile(join(values.out, 'import.json'), `${JSON.stringify({ rows, verdicts }, null, 2)}\n`);
  if (verdicts.some((v) => v.startsWith('FAIL'))) process.exitCode = 1;
}

/** One line per engine: the time at the largest size against the limit, and the growth between sizes. */
function verdictsOf(rows: readonly Row[]): string[] {
  return ['MariaDB', 'PostgreSQL', 'fixture file'].flatMap((engine) => {
    const own = rows.filter((r) => r.engine === engine).sort((a, b) => a.bugs - b.bugs);
    const small = own[0];
    const large = own.at(-1);
    if (!small || !large || small === large) return [];
    const ratio = large.import_seconds / small.import_seconds;
    const cpuRatio = large.import_cpu_seconds / small.import_cpu_seconds;
    const allowed = (LIMIT_RATIO * large.bugs) / small.bugs / 10;
    const timeOk = large.bugs < 100_000 || large.import_seconds <= LIMIT_SECONDS;
    const ok = timeOk && ratio <= allowed;
    return [
      `${ok ? 'PASS' : 'FAIL'} ${engine}: ${large.bugs} bugs in ${large.import_seconds} s; ` +
        `${large.bugs / small.bugs}× the bugs took ${ratio.toFixed(1)}× the time, ${cpuRatio.toFixed(1)}× the CPU (limit ${allowed.toFixed(1)}×)`,
    ];
  });
}

await main();
