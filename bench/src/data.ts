import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const BENCH_KEY = 'BenchKey0123456789abcdefghijklmnopqrstuv';
export const HEAVY_KEY = 'HeavyKey0123456789abcdefghijklmnopqrstuv';
export const BUG_COUNT = 5000;
const USER_COUNT = 100;

/**
 * Writes a fixture (the documented import format) with `visits` visits spread
 * over 100 users and 5000 bugs, the newest last. User 1 (`BENCH_KEY`) is a
 * logged-in user in editbugs; user 2 (`HEAVY_KEY`) holds a share of the visits.
 * Streamed, because a 1M-visit fixture is 80 MB of JSON.
 */
export async function writeFixture(path: string, visits: number, options: { summaries?: boolean } = {}): Promise<void> {
  const out = createWriteStream(path);
  const users = Array.from({ length: USER_COUNT }, (_, i) => ({
    login: `user${i + 1}@example.com`,
    api_keys: i === 0 ? [BENCH_KEY] : i === 1 ? [HEAVY_KEY] : [`key-${i + 1}`],
    // The bench user may change any bug (the Bug.update rows).
    ...(i === 0 ? { groups: ['editbugs'] } : {}),
  }));
  // Without summaries for builds older than them (the previous-release rows import the same fixture into both).
  const bugs = Array.from({ length: BUG_COUNT }, (_, i) =>
    options.summaries === false ? { id: i + 1 } : { id: i + 1, summary: `Bench bug ${i + 1}` },
  );
  const head = {
    instance: { version: '5.2', parameters: { last_visit_keep_days: '0' } },
    groups: ['editbugs'],
    users,
    bugs,
    audit_log: [{ class: 'Bugzilla::Product', at_time: '2026-01-01T00:00:00Z' }],
  };
  out.write(`${JSON.stringify(head).slice(0, -1)},"last_visits":[`);
  const start = Math.floor(Date.now() / 1000) - visits;
  let chunk = '';
  for (let i = 0; i < visits; i++) {
    const user = (i % USER_COUNT) + 1;
    const bug = ((Math.floor(i / USER_COUNT) * 7919) % BUG_COUNT) + 1;
    const ts = new Date((start + i) * 1000).toISOString().slice(0, 19);
    chunk += `${i ? ',' : ''}{"user":"user${user}@example.com","bug_id":${bug},"last_visit_ts":"${ts}Z"}`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(`${chunk}]}`);
  await once(out, 'finish');
}

/** json-server's equivalent: the same fixed version object and a collection of visit records. */
export async function writeJsonServerDb(path: string): Promise<void> {
  await writeFile(path, JSON.stringify({ version: { version: '5.2' }, bug_user_last_visit: [] }));
}

/**
 * A data file holding `visits` visits, made through the documented fixture format and
 * `import` command; or, given a PostgreSQL URL, that database holding them (`import --database`).
 */
export async function importFixture(cli: string, workDir: string, visits: number, database?: string): Promise<string> {
  const fixture = join(workDir, `fixture-${visits}.json`);
  const data = database ?? join(workDir, `data-${visits}.json`);
  await writeFixture(fixture, visits);
  const where = database === undefined ? ['--data', data] : ['--database', database];
  const result = spawnSync(process.execPath, [cli, 'import', fixture, ...where], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`import failed: ${result.stderr}`);
  await rm(fixture);
  return data;
}
