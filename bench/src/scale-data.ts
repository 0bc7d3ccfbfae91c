import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  completeAsInstalled,
  openBugzillaSqlSession,
  writeGeneratedBugzilla,
} from '@bz-companion/server/bugzilla-import-testing';

/**
 * The scale bench's data sets: generated Bugzilla 5.x databases (1,000 users, every bug with 6
 * comments, 3 history rows, a CC and a visit), one per size, in a PostgreSQL cluster of the bench's
 * own kept under BZ_BENCH_CACHE (default /var/tmp/bz-companion-bench/scale, outside the repository:
 * 1,000,000 bugs are ~6 GB there). A size is generated once and reused by later runs; remove the
 * folder (or its `scale_N` database) to make it again.
 */
export const CACHE_DIR = process.env.BZ_BENCH_CACHE ?? '/var/tmp/bz-companion-bench/scale';
const PG_CLUSTER = fileURLToPath(new URL('../../.ci/pg-cluster', import.meta.url));
export const USERS = 1000;
export const COMMENTS_PER_BUG = 6;
export const CHANGES_PER_BUG = 3;
/** User 1's key in the generated data: made a member of admin and editbugs (the write rows). */
export const SCALE_KEY = `key${'1'.padStart(37, '0')}`;

/** The cached cluster, started (or resumed); its URL, ending in /postgres. */
export function startCacheCluster(): { url: string; stop(): void } {
  mkdirSync(CACHE_DIR, { recursive: true });
  const dir = `${CACHE_DIR}/pg`;
  // A run that was stopped may have left it running: stopped first, so that `start` resumes it.
  spawnSync(PG_CLUSTER, ['stop', dir], { stdio: 'ignore' });
  const url = execFileSync(PG_CLUSTER, ['start', dir], { encoding: 'utf8' }).trim();
  return { url, stop: () => execFileSync(PG_CLUSTER, ['stop', dir]) };
}

export const databaseOf = (clusterUrl: string, name: string) => clusterUrl.replace(/\/[^/]*$/, `/${name}`);

/** The generated Bugzilla of `bugs` bugs in the cached cluster, made now if it is not there yet. */
export async function generatedBugzilla(
  clusterUrl: string,
  bugs: number,
  log: (line: string) => void,
): Promise<string> {
  const name = `scale_${bugs}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) {
      const db = new pg.Client({ connectionString: databaseOf(clusterUrl, name) });
      await db.connect();
      const complete = await db
        .query("SELECT 1 FROM pg_tables WHERE tablename = 'bench_complete'")
        .finally(() => db.end());
      if (complete.rowCount) return installed(databaseOf(clusterUrl, name));
      await admin.query(`DROP DATABASE ${name}`);
    }
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseOf(clusterUrl, name);
  const started = Date.now();
  const session = await openBugzillaSqlSession(url);
  try {
    await writeGeneratedBugzilla(session, {
      users: USERS,
      bugs,
      commentsPerBug: COMMENTS_PER_BUG,
      changesPerBug: CHANGES_PER_BUG,
    });
    await session.run(
      "INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) SELECT 1, id, 0, 0 FROM groups WHERE name IN ('admin', 'editbugs')",
    );
    await session.run('CREATE TABLE bench_complete (done integer)');
  } finally {
    await session.close();
  }
  log(
    `  generated ${bugs} bugs into ${name} (${((Date.now() - started) / 1000).toFixed(0)} s, cached in ${CACHE_DIR})`,
  );
  return installed(url);
}

/**
 * The generated database with what an installed 5.2 has besides (login_failure, 5.2's indexes), added
 * after the load (a bulk load is faster without them) and to a database cached before they were; and
 * with its planner's statistics up to date, as autovacuum keeps a tracker's that has run a while. Left to
 * autovacuum, they were those of a table caught mid-load (98,000 of 100,000 bugs, before the
 * fulltext rows), and 5.2's own searches beside it were planned for that: product+status at 83 answers a
 * second where the same database analysed gives 346.
 */
async function installed(url: string): Promise<string> {
  const session = await openBugzillaSqlSession(url);
  try {
    await completeAsInstalled(session);
    await session.run('ANALYZE');
  } finally {
    await session.close();
  }
  return url;
}
