import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../server/bin/bz-companion.js', import.meta.url));
const CEILING = fileURLToPath(new URL('./ceiling-server.js', import.meta.url));
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

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** Starts a program that prints `listening on URL` when ready (ours, the ceiling). */
function startListening(args: string[], timeoutMs: number, env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in ${timeoutMs} ms: ${args.join(' ')}\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /^listening on (\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1] as string, child, startMs: performance.now() - began, stop: stopper(child) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready: ${output}`));
    });
  });
}

export const startOurs = (dataPath: string, env: NodeJS.ProcessEnv = {}, port = 0) =>
  startListening([CLI, 'serve', '--port', String(port), '--data', dataPath], 60_000, env);

export const startCeiling = () => startListening([CEILING, '0'], 10_000);

/** A port nothing listens on right now (json-server cannot take port 0 and report it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
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
      return { url, child, startMs: performance.now() - began, stop: stopper(child) };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`json-server did not start on port ${port}: ${stderr}`);
}
