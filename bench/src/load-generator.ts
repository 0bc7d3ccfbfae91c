import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** One kind of request, repeated; `{id}` in path or body becomes a bug id spread over 1..ids. */
export interface LoadSpec {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  ids?: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers plus socket errors. */
  errors: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  workDir: string;
  /** How long one answer may take before it counts as an error (wrk's default: 2 s). */
  timeoutSeconds?: number;
}

/** wrk (C, light on the shared cores) when installed, else autocannon. */
export const loadGenerator: 'wrk' | 'autocannon' =
  spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined ? 'wrk' : 'autocannon';

export function runLoad(spec: LoadSpec, options: LoadOptions): Promise<LoadResult> {
  return loadGenerator === 'wrk' ? runWrk(spec, options) : runAutocannon(spec, options);
}

/** Origin and path of a URL template, without `new URL` percent-encoding its `{id}`. */
function splitUrl(url: string): { origin: string; path: string } {
  const match = /^(https?:\/\/[^/]+)(\/.*)?$/.exec(url);
  if (!match) throw new TypeError(`not an http URL: ${url}`);
  return { origin: match[1] as string, path: match[2] ?? '/' };
}

/** A spread of ids that visits every bug, not a hot few. */
const idAt = (counter: number, ids: number) => ((counter * 7919) % ids) + 1;

async function runAutocannon(spec: LoadSpec, options: LoadOptions): Promise<LoadResult> {
  const url = splitUrl(spec.url);
  let counter = 0;
  const fill = (text: string) => text.replaceAll('{id}', String(idAt(++counter, spec.ids ?? 1)));
  const result = await autocannon({
    url: url.origin,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.timeoutSeconds === undefined ? {} : { timeout: options.timeoutSeconds }),
    requests: [
      {
        method: spec.method,
        headers: spec.headers ?? {},
        setupRequest: (request) => {
          const path = fill(url.path);
          return { ...request, path, ...(spec.body === undefined ? {} : { body: fill(spec.body) }) };
        },
      },
    ],
  });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

function luaString(text: string): string {
  return JSON.stringify(text); // A JSON string literal is a valid Lua string literal for this ASCII.
}

async function runWrk(spec: LoadSpec, options: LoadOptions): Promise<LoadResult> {
  const url = splitUrl(spec.url);
  const headers = Object.entries(spec.headers ?? {})
    .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
    .join(', ');
  const script = join(options.workDir, `load-${Math.random().toString(36).slice(2)}.lua`);
  await writeFile(
    script,
    `local counter = 0
local headers = { ${headers} }
request = function()
  counter = counter + 1
  local id = tostring((counter * 7919) % ${spec.ids ?? 1} + 1)
  local path = string.gsub(${luaString(url.path)}, "{id}", id)
  ${spec.body === undefined ? 'local body = nil' : `local body = string.gsub(${luaString(spec.body)}, "{id}", id)`}
  return wrk.format(${luaString(spec.method)}, path, headers, body)
end
`,
  );
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [
      '-t1',
      `-c${options.connections}`,
      `-d${options.durationSeconds}s`,
      '--latency',
      ...(options.timeoutSeconds === undefined ? [] : ['--timeout', `${options.timeoutSeconds}s`]),
      '-s',
      script,
      url.origin,
    ]);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
  });
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  return {
    reqPerSec: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: wrkLatencyMs(output, '50%'),
    p99Ms: wrkLatencyMs(output, '99%'),
    errors:
      number(/Non-2xx or 3xx responses:\s+(\d+)/) +
      [...output.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0),
  };
}

export function wrkLatencyMs(output: string, percentile: string): number {
  // wrk pads a latency in seconds with a space ("1.82s "), so white space may end the line.
  const match = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}
