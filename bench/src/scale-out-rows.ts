import { execFileSync } from 'node:child_process';
import { cpuQuotaSupport, limitCpu, type QuotaGroup } from './cpu-quota.js';
import type { LoadResult, LoadSpec } from './load-generator.js';
import { loadSpread } from './postgres-rows.js';
import type { Started } from './processes.js';
import type { Row, Target } from './report.js';

/** Each instance's share of the machine: small enough that three fit in two cores beside PostgreSQL and wrk. */
export const CORES_PER_INSTANCE = 0.25;

export interface ScaleOutInput {
  /** A database holding the bench data set. */
  databaseUrl: string;
  start: (databaseUrl: string) => Promise<Started>;
  load: (spec: LoadSpec, connections: number) => Promise<LoadResult>;
  spec: (url: string) => LoadSpec;
  /** Connections per instance (each instance gets as many as one alone does). */
  connections: number;
  durationSeconds: number;
  /** Transactions committed in the database so far (pg_stat_database.xact_commit). */
  commits: () => Promise<number>;
}

interface Measured {
  instances: number;
  result: LoadResult;
  nodeMicrosPerRequest: number;
  postgresMicrosPerRequest: number;
  requestsPerCommit: number;
}

/**
 * Scale-out shown where two cores cannot: 1, 2 and 3 `serve --database` instances on one database,
 * each in its own CPU quota (CORES_PER_INSTANCE), PostgreSQL and the load generator outside the
 * quotas, durable visit POSTs spread evenly. A simulation of instances with cores of their own, and
 * labelled so; skipped with the reason where cgroups cannot be set (not root, not Linux).
 */
export async function measureScaleOut(input: ScaleOutInput): Promise<{ rows: Row[]; targets: Target[] }> {
  const unsupported = cpuQuotaSupport();
  if (unsupported) {
    console.error(`  scale-out rows (CPU quotas) skipped: ${unsupported}`);
    return { rows: [], targets: [] };
  }
  const measured: Measured[] = [];
  for (const instances of [1, 2, 3]) measured.push(await measureInstances(input, instances));
  const one = measured[0] as Measured;
  const rows = measured.map(
    (m): Row => ({
      name: `POST durable, PostgreSQL, instances in CPU quotas of ${CORES_PER_INSTANCE} core each (simulated)`,
      server: `${m.instances} instance${m.instances > 1 ? 's' : ''}: Node ${Math.round(m.nodeMicrosPerRequest)} µs/req, PostgreSQL ${Math.round(m.postgresMicrosPerRequest)} µs/req, ${m.requestsPerCommit.toFixed(1)} visits a commit`,
      req_per_s: m.result.reqPerSec,
      p50_ms: m.result.p50Ms,
      p99_ms: m.result.p99Ms,
      ratio_to_ceiling: Number.NaN,
      errors: m.result.errors,
    }),
  );
  const targets = measured.slice(1).map((m): Target => {
    const ratio = m.result.reqPerSec / one.result.reqPerSec;
    const wanted = m.instances === 2 ? 1.7 : 2.4;
    return {
      what: `PostgreSQL, ${m.instances} instances in ${CORES_PER_INSTANCE}-core quotas ≥ ${wanted}× 1 (durable POST p99 ≤ 20 ms)`,
      measured: `${ratio.toFixed(2)}×, p99 ${m.result.p99Ms.toFixed(1)} ms; ${m.requestsPerCommit.toFixed(1)} visits a commit (1 instance: ${one.requestsPerCommit.toFixed(1)})`,
      met: ratio >= wanted && m.result.p99Ms <= 20 && one.result.p99Ms <= 20,
    };
  });
  return { rows, targets };
}

async function measureInstances(input: ScaleOutInput, instances: number): Promise<Measured> {
  const servers: Started[] = [];
  const groups: QuotaGroup[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      const server = await input.start(input.databaseUrl);
      servers.push(server);
      groups.push(limitCpu(`bzc-bench-${process.pid}-${i}`, server.child.pid as number, CORES_PER_INSTANCE));
    }
    const urls = servers.map((server) => server.url);
    // Warm up (JIT, pools) in the quotas, then measure.
    await loadSpread(input.load, urls, input.spec, input.connections * instances);
    const nodeBefore = groups.reduce((sum, group) => sum + group.usageMicros(), 0);
    const postgresBefore = postgresCpuMicros();
    const commitsBefore = await input.commits();
    const result = await loadSpread(input.load, urls, input.spec, input.connections * instances);
    const requests = result.reqPerSec * input.durationSeconds;
    const nodeMicros = groups.reduce((sum, group) => sum + group.usageMicros(), 0) - nodeBefore;
    const postgresMicros = postgresCpuMicros() - postgresBefore;
    // PostgreSQL publishes a backend's counters within a second of its last commit.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const commits = (await input.commits()) - commitsBefore;
    console.error(
      `  ${instances} instance(s) in ${CORES_PER_INSTANCE}-core quotas: ${Math.round(result.reqPerSec)} req/s, p99 ${result.p99Ms.toFixed(1)} ms`,
    );
    return {
      instances,
      result,
      nodeMicrosPerRequest: nodeMicros / requests,
      postgresMicrosPerRequest: postgresMicros / requests,
      requestsPerCommit: requests / Math.max(1, commits),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const group of groups) group.remove();
  }
}

/** CPU time of every postgres process on this machine, microseconds (the bench's own cluster, in CI). */
function postgresCpuMicros(): number {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return Number.NaN;
  }
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields =
        execFileSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' })
          .split(') ')[1]
          ?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone between pgrep and now.
    }
  }
  return (ticks / ticksPerSecond) * 1_000_000;
}
