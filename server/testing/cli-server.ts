import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../src/stores/postgres/scratch-database.js';
import { SERVER_ROOT } from './server-root.js';
import { READY_TIMEOUT_MS } from './slow-machine.js';
import { matrixDatabaseUrl } from './test-server.js';

/** The real command line, as users and the acceptance suite run it. */
export const CLI = join(SERVER_ROOT, 'bin/bz-companion.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a short CLI command (import, user add, --help) to completion. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The temporary directories this test file made (tempDir): removed after it (server/testing/remove-temp-dirs.ts). */
const madeDirs: string[] = [];

export async function tempDir(prefix = 'bz-companion-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

/** Removes every directory tempDir made so far; vitest's setup runs it after each test file. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(madeDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A process that printed `listening on URL`. */
export interface ListeningProcess {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the ready line. */
  startMs: number;
  stdout: () => string;
  stderr: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface RunningServer extends ListeningProcess {
  /** The data file; in the API suite's PostgreSQL leg, the database URL (serveCli takes either). */
  dataPath: string;
}

export interface SpawnOptions {
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the ready line (default READY_TIMEOUT_MS: a loaded machine's). */
  readyTimeoutMs?: number;
  /** The working directory (a default `./data/` lives there). */
  cwd?: string;
}

/**
 * Runs `node ARGS` and resolves once it prints `listening on URL` (our CLI and
 * the bench's ceiling server both do), or rejects with what it printed.
 */
export async function spawnListening(args: string[], options: SpawnOptions = {}): Promise<ListeningProcess> {
  const began = performance.now();
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close', not 'exit': only then has everything the child wrote to its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not start in ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before listening: ${stderr}`));
    });
  });
  return {
    url,
    process: child,
    startMs: performance.now() - began,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** `serve --port 0` on a data file; resolves once the `listening on` line appears. */
export async function serveCli(
  dataPath: string,
  extraArgs: string[] = [],
  options: SpawnOptions = {},
): Promise<RunningServer> {
  const where = isDatabaseUrl(dataPath) ? ['--database', dataPath] : ['--data', dataPath];
  const running = await spawnListening([CLI, 'serve', '--port', '0', ...where, ...extraArgs], options);
  return { ...running, dataPath };
}

/** Imports `fixture` into a fresh data file and serves it. */
export async function serveFixture(fixture: unknown, extraArgs: string[] = []): Promise<RunningServer> {
  const dir = await tempDir();
  const fixturePath = join(dir, 'fixture.json');
  await writeFile(fixturePath, JSON.stringify(fixture));
  // The PostgreSQL leg of the API suite: a scratch database per server, left to the throwaway cluster.
  const adminUrl = matrixDatabaseUrl();
  const dataPath = adminUrl === undefined ? join(dir, 'data.json') : (await createScratchDatabase(adminUrl)).url;
  const where = adminUrl === undefined ? ['--data', dataPath] : ['--database', dataPath];
  const imported = await runCli(['import', fixturePath, ...where]);
  if (imported.code !== 0) throw new Error(`import failed: ${imported.stderr}`);
  return serveCli(dataPath, extraArgs);
}

const isDatabaseUrl = (path: string) => /^postgres(ql)?:\/\//.test(path);
