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

  /** Says which recording comes nearest and how it differs, for the miss's answer. */
  describeMiss(request: ExchangeRequest): string {
    const asked = `${request.method} ${request.path}`;
    let best: { file: string; differences: string[] } | undefined;
    for (const entry of this.#loaded) {
      const differences = describeDifferences(entry.recording.request, request);
      if (!best || differences.length < best.differences.length) best = { file: entry.file, differences };
    }
    if (!best) return `bz-companion replay: no recording for ${asked} (the directory holds none).`;
    return `bz-companion replay: no recording for ${asked}. Nearest: ${best.file}, which differs in ${best.differences.join('; ')}.`;
  }
}

export interface ReplayOptions {
  replayer: Replayer;
  /** Answer what no recording matches from the store (`--fallback`) instead of a 404. */
  fallback: boolean;
  bodyLimitBytes: number;
}

/** `serve --replay DIR`: answers from the recordings, a miss with a 404 in the protocol's envelope (or the store's answer). */
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

/** A miss, as a 404 in the envelope the request used: Bugzilla's JSON error, an XML-RPC fault, a JSON-RPC error. */
function answerMiss(ctx: Parameters<Middleware<ApiState>>[0], request: ExchangeRequest, message: string): void {
  const protocol = protocolOf(request.path);
  if (protocol === 'rest') throw new BugzillaError(32614, message, { status: 404 });
  ctx.status = 404;
  if (protocol === 'xmlrpc') {
    ctx.set('Content-Type', 'text/xml');
    ctx.body = faultResponse(32614, message);
    return;
  }
  if (protocol === 'jsonrpc') {
    const id = (request.body as { id?: unknown } | null)?.id ?? null;
    ctx.set('Content-Type', 'application/json; charset=UTF-8');
    ctx.body = errorBody({ version: '1.0', id: id as string }, { code: 32614, message });
    return;
  }
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
