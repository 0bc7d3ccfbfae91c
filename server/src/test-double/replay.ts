import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { BugzillaError } from '../bugzilla/errors.js';
import { rereadable } from '../http/rereadable-request.js';
import type { ApiState } from '../http/respond.js';
import { type ExchangeRequest, protocolOf, type Recording, requestData } from '../import/recordings/recording.js';
import { errorBody } from '../webservice/rpc/json-rpc-codec.js';
import { faultResponse } from '../webservice/rpc/xml-rpc-codec.js';
import { describeDifferences, sameRequest } from './request-match.js';

/** A recording as replay holds it: its file name, and how many times it has answered. */
interface Loaded {
  file: string;
  recording: Recording;
  used: number;
}

/**
 * The recordings answering in the tracker's place. A request is matched on its method,
 * path, query and body as data; when several recordings match (the same read before
 * and after a write), each answers once in the order recorded, the last one thereafter.
 */
export class Replayer {
  readonly #loaded: Loaded[];

  constructor(recordings: Array<{ file: string; recording: Recording }>) {
    this.#loaded = recordings.map((entry) => ({ ...entry, used: 0 }));
  }

  get size(): number {
    return this.#loaded.length;
  }

  /** As loaded: each recording answers again in the order recorded (a reset of the server). */
  rewind(): void {
    for (const entry of this.#loaded) entry.used = 0;
  }

  /** The recording that answers `request`, counted as used; undefined when none matches. */
  take(request: ExchangeRequest): Recording | undefined {
    const matching = this.#loaded.filter((entry) => sameRequest(entry.recording.request, request));
    const chosen = matching.find((entry) => entry.used === 0) ?? matching.at(-1);
    if (!chosen) return undefined;
    chosen.used++;
    return chosen.recording;
  }

  /**
   * Says which recording comes nearest and how it differs, for the miss's answer: the nearest of the
   * same HTTP method, then the same path, then the same RPC method (XML-RPC and JSON-RPC share one
   * path), then the fewest differences in the parameters; the first recorded among equals.
   */
  describeMiss(request: ExchangeRequest): string {
    const asked = `${request.method} ${request.path}`;
    let best: { file: string; differences: string[]; distance: readonly number[] } | undefined;
    for (const entry of this.#loaded) {
      const differences = describeDifferences(entry.recording.request, request);
      const distance = distanceOf(entry.recording.request, request, differences.length);
      if (!best || nearer(distance, best.distance)) best = { file: entry.file, differences, distance };
    }
    if (!best) return `bz-companion replay: no recording for ${asked} (the directory holds none).`;
    return `bz-companion replay: no recording for ${asked}. Nearest: ${best.file}, which differs in ${best.differences.join('; ')}.`;
  }
}

/** How far a recorded request is from the one asked, most telling first: method, path, RPC method, parameters. */
function distanceOf(recorded: ExchangeRequest, asked: ExchangeRequest, differences: number): readonly number[] {
  return [
    recorded.method === asked.method ? 0 : 1,
    recorded.path === asked.path ? 0 : 1,
    rpcMethodOf(recorded) === rpcMethodOf(asked) ? 0 : 1,
    differences,
  ];
}

function nearer(distance: readonly number[], than: readonly number[]): boolean {
  for (let i = 0; i < distance.length; i++) {
    if (distance[i] !== than[i]) return (distance[i] as number) < (than[i] as number);
  }
  return false;
}

/** The RPC method a request calls (XML-RPC's methodName, JSON-RPC's method, in the body or the query). */
function rpcMethodOf(request: ExchangeRequest): unknown {
  const body = request.body as { methodName?: unknown; method?: unknown } | null;
  return body?.methodName ?? body?.method ?? request.query.method?.[0];
}

export interface ReplayOptions {
  replayer: Replayer;
  /** Answer what no recording matches from the store (`--fallback`) instead of a 404. */
  fallback: boolean;
  bodyLimitBytes: number;
}

/** `serve --replay DIR`: answers from the recordings, a miss as Bugzilla's error in the protocol's envelope (or the store's answer). */
export function replay(options: ReplayOptions): Middleware<ApiState> {
  return async (ctx, next) => {
    const body =
      ctx.method === 'GET' || ctx.method === 'HEAD'
        ? Buffer.alloc(0)
        : await getRawBody(ctx.req, { limit: options.bodyLimitBytes }).catch(() => Buffer.alloc(0));
    const request = requestData({
      method: ctx.method,
      path: ctx.path,
      querystring: ctx.querystring,
      headers: ctx.headers,
      body,
    });
    const recording = options.replayer.take(request);
    if (recording) {
      ctx.state.body = request.body;
      const { response } = recording;
      ctx.status = response.status;
      for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
      ctx.body = response.body_text ?? JSON.stringify(withCallersId(recording, request));
      return;
    }
    if (options.fallback) {
      // The store's routes read the body again: they get a stream of what was read.
      if (body.length > 0) ctx.req = rereadable(ctx.req, body);
      return next();
    }
    answerMiss(ctx, request, options.replayer.describeMiss(request));
  };
}

/**
 * A miss, answered as Bugzilla answers a call it has nothing for, in the envelope the request used:
 * REST's 404 with Bugzilla's JSON error (32614, as 5.2 answers an unknown resource); over XML-RPC a
 * fault and over JSON-RPC an error, each with HTTP 200 as every Bugzilla error travels there, so a
 * client (python-bugzilla) shows the message, not only "404 Client Error".
 */
function answerMiss(ctx: Parameters<Middleware<ApiState>>[0], request: ExchangeRequest, message: string): void {
  const protocol = protocolOf(request.path);
  if (protocol === 'rest') throw new BugzillaError(32614, message, { status: 404 });
  if (protocol === 'xmlrpc') {
    ctx.status = 200;
    ctx.set('Content-Type', 'text/xml');
    ctx.body = faultResponse(32614, message);
    return;
  }
  if (protocol === 'jsonrpc') {
    const id = (request.body as { id?: unknown } | null)?.id ?? request.query.id?.[0] ?? null;
    ctx.status = 200;
    ctx.set('Content-Type', 'application/json; charset=UTF-8');
    ctx.body = errorBody({ version: '1.0', id: id as string }, { code: 32614, message });
    return;
  }
  ctx.status = 404;
  ctx.set('Content-Type', 'text/plain; charset=UTF-8');
  ctx.body = `${message}\n`;
}

/** A JSON-RPC answer carries the caller's `id`, not the one recorded. */
function withCallersId(recording: Recording, request: ExchangeRequest): unknown {
  const body = recording.response.body;
  if (recording.protocol !== 'jsonrpc' || body === null || typeof body !== 'object' || !('id' in body)) return body;
  const id = (request.body as { id?: unknown } | null)?.id ?? request.query.id?.[0];
  return id === undefined ? body : { ...body, id };
}
