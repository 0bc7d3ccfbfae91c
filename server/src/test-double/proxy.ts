import type { IncomingMessage } from 'node:http';
import { formatBugzillaTime } from '@bz-companion/shared';
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import type { Clock } from '../bugzilla/clock.js';
import { BugzillaError } from '../bugzilla/errors.js';
import type { ApiState } from '../http/respond.js';
import { protocolOf, type RawRequest, requestData, responseData } from '../import/recordings/recording.js';
import { CredentialLeftError, type Recorder } from './recorder.js';

/** Headers that belong to one connection, or that fetch sets itself: never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  // Asked uncompressed, so a recording is readable; fetch would decompress anyway.
  'accept-encoding',
  'content-encoding',
]);

export interface ProxyOptions {
  /** The real tracker's base URL (`https://bugzilla.example.com/`). */
  target: string;
  recorder: Recorder;
  clock: Clock;
  bodyLimitBytes: number;
}

/**
 * `serve --proxy URL`: every request but the admin API's goes to the real tracker and its
 * answer comes back as it was; while recording, each exchange is written with its
 * credentials removed (Recorder). A tracker out of reach is a 502 in Bugzilla's envelope.
 */
export function proxy(options: ProxyOptions): Middleware<ApiState> {
  const base = new URL(options.target);
  const basePath = base.pathname.replace(/\/$/, '');
  return async (ctx) => {
    const body = ctx.method === 'GET' || ctx.method === 'HEAD' ? Buffer.alloc(0) : await readRaw(ctx.req, options);
    const url = `${base.origin}${basePath}${ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`;
    const { answer, answerBody } = await askTracker(base, url, ctx.method, forwardedHeaders(ctx.headers), body);
    const raw: RawRequest = {
      method: ctx.method,
      path: ctx.path,
      querystring: ctx.querystring,
      headers: ctx.headers,
      body,
    };
    const secrets = new Set<string>();
    const request = requestData(raw, secrets);
    ctx.state.body = request.body;
    if (options.recorder.active) record(options, ctx.path, request, secrets, answer, answerBody);
    ctx.status = answer.status;
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') ctx.set(name, value);
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) ctx.set('Set-Cookie', cookies);
    ctx.body = answerBody;
  };
}

/** The client's headers as the tracker gets them: every one but the hop-by-hop ones. */
function forwardedHeaders(incoming: IncomingMessage['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const one of ([] as string[]).concat(value)) headers.append(name, one);
  }
  return headers;
}

/** The tracker's answer, read whole; a tracker out of reach is a 502 in Bugzilla's envelope. */
async function askTracker(
  base: URL,
  url: string,
  method: string,
  headers: Headers,
  body: Buffer,
): Promise<{ answer: Response; answerBody: Buffer }> {
  try {
    const answer = await fetch(url, { method, headers, redirect: 'manual', ...(body.length > 0 ? { body } : {}) });
    return { answer, answerBody: Buffer.from(await answer.arrayBuffer()) };
  } catch (error) {
    throw new BugzillaError(
      -32000,
      `bz-companion: the tracker at ${base.origin} could not be reached: ${reason(error)}`,
      {
        status: 502,
      },
    );
  }
}

/** The exchange written with its credentials removed; a recording that would keep one is refused, the answer not. */
function record(
  options: ProxyOptions,
  path: string,
  request: ReturnType<typeof requestData>,
  secrets: Set<string>,
  answer: Response,
  answerBody: Buffer,
): void {
  const protocol = protocolOf(path);
  const contentType = answer.headers.get('content-type') ?? undefined;
  const etag = answer.headers.get('etag') ?? undefined;
  const response = responseData({ status: answer.status, contentType, etag, body: answerBody }, protocol, secrets);
  const recording = { protocol, recorded_at: formatBugzillaTime(options.clock.now()), request, response };
  try {
    options.recorder.write(recording, secrets, labelOf(protocol, path, request.body));
  } catch (error) {
    // The client still gets its answer: the exchange happened; only its recording is refused.
    if (!(error instanceof CredentialLeftError)) throw error;
  }
}

function readRaw(req: IncomingMessage, options: ProxyOptions): Promise<Buffer> {
  return getRawBody(req, { limit: options.bodyLimitBytes }).catch((error: unknown) => {
    throw new BugzillaError(32000, `The request body could not be read: ${reason(error)}`, { status: 400 });
  });
}

/** What names the file: the RPC method for RPC calls, else the path. */
function labelOf(protocol: string, path: string, body: unknown): string {
  const data = (body ?? {}) as { methodName?: unknown; method?: unknown };
  if (protocol === 'xmlrpc' && typeof data.methodName === 'string') return `xmlrpc-${data.methodName}`;
  if (protocol === 'jsonrpc' && typeof data.method === 'string') return `jsonrpc-${data.method}`;
  return path;
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
