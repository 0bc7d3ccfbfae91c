import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The real command line, as users and the acceptance suite run it. */
export const CLI = fileURLToPath(new URL('../../bin/bz-companion.js', import.meta.url));

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

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'bz-companion-test-'));
}

export interface RunningServer {
  url: string;
  dataPath: string;
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `serve --port 0` on a data file; resolves once the `listening on` line appears. */
export async function serveCli(dataPath: string, extraArgs: string[] = []): Promise<RunningServer> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', dataPath, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close', not 'exit': only then has everything the child wrote to its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 15 s: ${stderr}`)), 15_000);
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
      reject(new Error(`server exited with ${code} before listening: ${stderr}`));
    });
  });
  return {
    url,
    dataPath,
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Imports `fixture` into a fresh data file and serves it. */
export async function serveFixture(fixture: unknown, extraArgs: string[] = []): Promise<RunningServer> {
  const dir = await tempDir();
  const fixturePath = join(dir, 'fixture.json');
  const dataPath = join(dir, 'data.json');
  await writeFile(fixturePath, JSON.stringify(fixture));
  const imported = await runCli(['import', fixturePath, '--data', dataPath]);
  if (imported.code !== 0) throw new Error(`import failed: ${imported.stderr}`);
  return serveCli(dataPath, extraArgs);
}
