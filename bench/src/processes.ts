import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CLI, type ListeningProcess, serveCli, spawnListening } from '@bz-companion/server/testing';

export { CLI };

const CEILING = fileURLToPath(new URL('./ceiling-server.js', import.meta.url));
const KOA_HELLO = fileURLToPath(new URL('./koa-hello-server.js', import.meta.url));
const ROUTING = fileURLToPath(new URL('./routing-server.js', import.meta.url));
const JSON_SERVER = fileURLToPath(new URL('../../node_modules/json-server/lib/cli/bin.js', import.meta.url));

export interface Started {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to ready. */
  startMs: number;
  stop(): Promise<void>;
}

/** Resident memory of a process, MB: now and at its peak (Linux /proc). */
export function memoryMb(pid: number | undefined): { rss: number; peak: number } {
  if (pid === undefined) return { rss: Number.NaN, peak: Number.NaN };
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** A server as the bench drives it: its URL, its process, how long it took to start. */
function asStarted(running: ListeningProcess): Started {
  const { url, process: child, startMs } = running;
  return { url, child, startMs, stop: () => stopWithin(child, running.stop()) };
}

/** SIGTERM, then SIGKILL if the process is still there after 15 s: a bench run must end. */
async function stopWithin(child: ChildProcess, stopped: Promise<unknown>): Promise<void> {
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await stopped;
  clearTimeout(timer);
}

/** Ours, through the real CLI (the same start as the API tests'). */
export const startOurs = async (dataPath: string, args: string[] = []) =>
  asStarted(await serveCli(dataPath, args, { readyTimeoutMs: 60_000 }));

export const startCeiling = async () => asStarted(await spawnListening([CEILING, '0'], { readyTimeoutMs: 10_000 }));

/** Koa's hello world (koa-hello-server.ts): the framework alone. */
export const startKoaHello = async () => asStarted(await spawnListening([KOA_HELLO, '0'], { readyTimeoutMs: 10_000 }));

/** Our app in memory, routed by the dispatch table or by @koa/router (routing-server.ts). */
export const startRouting = async (routing: 'dispatch-table' | 'koa-router') =>
  asStarted(await spawnListening([ROUTING, routing], { readyTimeoutMs: 10_000 }));

/** A port nothing listens on right now (json-server cannot take port 0 and report it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function terminate(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** json-server prints nothing reliable when ready, so poll it. */
export async function startJsonServer(dbPath: string): Promise<Started> {
  const began = performance.now();
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', '--quiet', dbPath],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600 && child.exitCode === null; attempt++) {
    try {
      await fetch(`${url}/version`);
      return { url, child, startMs: performance.now() - began, stop: () => stopWithin(child, terminate(child)) };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`json-server did not start on port ${port}: ${stderr}`);
}
