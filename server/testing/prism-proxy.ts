import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from './cli-server.js';
import { freePort } from './free-port.js';
import { REPO_ROOT } from './server-root.js';

/** Prism (@stoplight/prism-cli) as a validating proxy: `prism proxy DESCRIPTION UPSTREAM --errors`. */
export interface PrismProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Prism in front of `upstream` with `description`: every request and answer is checked
 * against it, and with `--errors` a mismatch is answered as Prism's problem (application/problem+json)
 * instead of the upstream's answer.
 */
export async function startPrismProxy(description: unknown, upstream: string): Promise<PrismProxy> {
  const file = join(await tempDir(), 'openapi.json');
  await writeFile(file, JSON.stringify(description));
  const port = await freePort();
  const child: ChildProcess = spawn(
    join(REPO_ROOT, 'node_modules/.bin/prism'),
    ['proxy', file, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  const ready = new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (/Prism is listening/.test(said)) resolve();
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) => reject(new Error(`prism exited with ${code}: ${said}`)));
  });
  await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** Prism's own answer to a request or an answer the description does not allow: what it says, else undefined. */
export async function prismProblem(response: Response): Promise<string | undefined> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('application/problem+json')) return undefined;
  const problem = JSON.parse(text) as { title?: string; detail?: string; validation?: unknown };
  return `${response.status} ${problem.title}: ${JSON.stringify(problem.validation ?? problem.detail)}`;
}
