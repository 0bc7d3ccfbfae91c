import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A CPU quota for one process, through Linux cgroups (v1's cpu + cpuacct controllers, or v2's cpu
 * controller), so a 2-core machine can show what N instances do when each has its own share of a
 * core. Needs root (or a delegated hierarchy); `cpuQuotaSupport()` says why not when it cannot.
 */
export interface QuotaGroup {
  /** CPU time used by the group's processes so far, microseconds. */
  usageMicros(): number;
  remove(): void;
}

const V1_CPU = '/sys/fs/cgroup/cpu';
const V1_CPUACCT = '/sys/fs/cgroup/cpuacct';
const V2 = '/sys/fs/cgroup';
/**
 * A short period: a throttled process waits up to period - quota, which a 100 ms period made 75 ms of
 * p99 (at 10 ms, 25-30 ms; at 5 ms the p99 is near what the GC's bursts cost a quarter core anyway).
 */
const PERIOD_MICROS = 5_000;

/** undefined when quotas can be set here, else the reason they cannot. */
export function cpuQuotaSupport(): string | undefined {
  if (process.platform !== 'linux') return 'CPU quotas need Linux cgroups';
  if (existsSync(join(V1_CPU, 'cpu.cfs_quota_us')) && existsSync(join(V1_CPUACCT, 'cpuacct.usage'))) {
    return writable(V1_CPU) ? undefined : 'cgroup v1 cpu controller is not writable (run as root)';
  }
  if (readText(join(V2, 'cgroup.controllers'))?.split(/\s+/).includes('cpu')) {
    return writable(V2) ? undefined : 'cgroup v2 is not writable (run as root)';
  }
  return 'no cgroup cpu controller is mounted';
}

/** Puts `pid` in a new group limited to `cores` of CPU time (0.25: a quarter of one core). */
export function limitCpu(name: string, pid: number, cores: number): QuotaGroup {
  if (existsSync(join(V1_CPU, 'cpu.cfs_quota_us'))) {
    const cpu = makeGroup(V1_CPU, name);
    // cpu and cpuacct may be one hierarchy (cpu,cpuacct) or two.
    const acct = realpathSync(V1_CPUACCT) === realpathSync(V1_CPU) ? cpu : makeGroup(V1_CPUACCT, name);
    writeFileSync(join(cpu, 'cpu.cfs_period_us'), String(PERIOD_MICROS));
    writeFileSync(join(cpu, 'cpu.cfs_quota_us'), quotaMicros(cores));
    writeFileSync(join(cpu, 'cgroup.procs'), String(pid));
    if (acct !== cpu) writeFileSync(join(acct, 'cgroup.procs'), String(pid));
    return {
      usageMicros: () => Number(readText(join(acct, 'cpuacct.usage')) ?? Number.NaN) / 1000,
      remove: () => removeGroups([cpu, acct]),
    };
  }
  writeFileSync(join(V2, 'cgroup.subtree_control'), '+cpu');
  const group = makeGroup(V2, name);
  writeFileSync(join(group, 'cpu.max'), `${quotaMicros(cores)} ${PERIOD_MICROS}`);
  writeFileSync(join(group, 'cgroup.procs'), String(pid));
  return {
    usageMicros: () => usageFromCpuStat(readText(join(group, 'cpu.stat')) ?? ''),
    remove: () => removeGroups([group]),
  };
}

/** The quota of `cores` per period, in microseconds (at least 1 ms, the kernel's floor). */
export function quotaMicros(cores: number): string {
  return String(Math.max(1000, Math.round(cores * PERIOD_MICROS)));
}

/** `usage_usec` of a cgroup v2 cpu.stat. */
export function usageFromCpuStat(text: string): number {
  return Number(/^usage_usec (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}

function makeGroup(root: string, name: string): string {
  const dir = join(root, name);
  if (!existsSync(dir)) mkdirSync(dir);
  return dir;
}

/** A group can go once its processes have exited (they move to the root when they die). */
function removeGroups(dirs: string[]): void {
  for (const dir of new Set(dirs)) {
    try {
      rmdirSync(dir);
    } catch {
      // Still has a process in it (not yet reaped): the next run reuses it.
    }
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function writable(dir: string): boolean {
  const probe = join(dir, `bzc-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}
