import type { Middleware } from 'koa';
import { BugzillaError, errors, StoreError } from '../bugzilla/errors.js';
import type { User } from '../bugzilla/types.js';
import { checkAnswerSize } from './answer-size.js';
import { ALLOW_ANY_ORIGIN } from './cors.js';
import { JSON_CONTENT_TYPE, renderError } from './error-response.js';
import { etagOf, ifNoneMatchMatches } from './etag.js';
import { applyFieldFilter, type FieldFilter, readFieldFilter } from './field-filter.js';
import { htmlAnswer, negotiatesHtml } from './html-answer.js';
import { JSONP_CONTENT_TYPE, wrapJsonp } from './jsonp.js';
import { ownOrigin } from './own-origin.js';
import { PreparedJson } from './prepared-json.js';

export interface Logger {
  error(message: string, error?: unknown): void;
}

/** What a route leaves in `ctx.state` for this middleware to send. */
export interface ApiState {
  /** The method's value: sent as JSON. */
  result?: unknown;
  /** Filter include/exclude_fields inside this member (parameters) rather than at the top. */
  filterInside?: string;
  /** The route narrowed its answer itself (Bugzilla's typed fields: bugs, comments): no generic filter. */
  fieldsApplied?: boolean;
  /** HTTP status of a success other than 200 (201 for a created comment). */
  successStatus?: number;
  /** The `{id}` path segment of the matched endpoint, decoded. */
  pathId?: string | undefined;
  /** include/exclude_fields read from more than the query (profiles whose tracker reads the body too). */
  fieldFilter?: FieldFilter | null | undefined;
  /** Answer as JSONP calling this function (a GET's valid `?callback=`). */
  jsonpCallback?: string | undefined;
  /** The most bytes the method's answer may take as JSON (its work bounds). */
  answerBytes?: number;
  /** Who the request was authenticated as (the request journal names them). */
  user?: User | undefined;
  /** The parameters read from the body (the request journal records them). */
  body?: unknown;
  /** The delay added before answering (latency rules, delay faults), ms, for the journal. */
  delayMs?: number;
}

/**
 * The top of the API's chain (under only the request journal and log, which read but
 * never answer): it checks the Host, sets CORS, turns results into JSON or, for a browser
 * under a 5.x profile, 5.x's HTML page (with include/exclude_fields and ETag/304), and any
 * thrown error into a Bugzilla-shaped error through renderError, which also serves the
 * answers sent outside Koa (sendError). The admin API, below it, answers in its own shape.
 * Unknown errors are logged with their stack and never shown to the client.
 */
export function respond(
  logger: Logger,
  checkHost: (hostHeader: string | undefined) => void,
  style?: () => ResponseStyle,
): Middleware<ApiState> {
  return async (ctx, next) => {
    ctx.res.setHeader('Access-Control-Allow-Origin', ALLOW_ANY_ORIGIN);
    try {
      // Before any route reads it: a request for another Host (DNS rebinding) is refused (only the
      // journal and the request log, above, have seen it, as they see every request).
      checkHost(ctx.req.headers.host);
      await next();
      // Not an API response otherwise (HTML pages).
      if ('result' in ctx.state) sendResult(ctx, style);
    } catch (thrown) {
      const looks = style?.();
      const answer = renderError(
        asBugzillaError(thrown, logger, `${ctx.method} ${ctx.path}`),
        ctx.state.jsonpCallback,
        looks?.documentationUrl,
      );
      ctx.status = answer.status;
      ctx.set(answer.headers);
      ctx.body = answer.body;
      const urlbase = !ctx.state.jsonpCallback && htmlUrlbase(ctx, () => looks);
      if (urlbase) {
        ctx.set('Content-Type', HTML_CONTENT_TYPE);
        ctx.body = htmlAnswer(JSON.parse(answer.body), urlbase);
      }
    }
  };
}

type RespondContext = Parameters<Middleware<ApiState>>[0];

/** The method's result as JSON (or JSONP, or 5.x's HTML page), with its ETag; refused when over its size bound. */
function sendResult(ctx: RespondContext, style: (() => ResponseStyle) | undefined): void {
  const filter = ctx.state.fieldsApplied
    ? null
    : (ctx.state.fieldFilter ?? (ctx.querystring ? readFieldFilter(new URLSearchParams(ctx.querystring)) : null));
  const result = ctx.state.result;
  // A prepared answer is sent as made, unless include/exclude_fields narrow it.
  const prepared = result instanceof PreparedJson && !filter ? result : undefined;
  const raw = result instanceof PreparedJson ? result.value : result;
  const value = filter ? applyFieldFilter(raw, filter, ctx.state.filterInside) : raw;
  const json = prepared ? prepared.json : JSON.stringify(value);
  if (ctx.state.answerBytes !== undefined) checkAnswerSize(json, ctx.state.answerBytes);
  const callback = ctx.state.jsonpCallback;
  const body = callback ? wrapJsonp(callback, json) : json;
  const urlbase = !callback && htmlUrlbase(ctx, style);
  // Koa sets 200 with the body. Type first: a body set without one makes Koa look up a MIME type we would overwrite.
  ctx.set('Content-Type', urlbase ? HTML_CONTENT_TYPE : callback ? JSONP_CONTENT_TYPE : JSON_CONTENT_TYPE);
  ctx.body = urlbase ? htmlAnswer(value, urlbase) : prepared && !callback ? prepared.bytes : body;
  if (ctx.state.successStatus) ctx.status = ctx.state.successStatus;
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    // The page's tag is its JSON's: one answer, two renderings.
    const etag = prepared && !callback ? prepared.etag : etagOf(body);
    ctx.set('ETag', etag);
    if (ifNoneMatchMatches(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      ctx.body = null;
    }
  }
}

/** How the profile's tracker dresses its answers. */
export interface ResponseStyle {
  documentationUrl: string;
  /** A browser's Accept (text/html first) gets the answer as an HTML page, as Bugzilla 5.x sends it. */
  htmlForBrowsers: boolean;
  /** The tracker's `urlbase` parameter, when set (else the request's origin). */
  urlbase: string | undefined;
}

const HTML_CONTENT_TYPE = 'text/html; charset=UTF-8';

/** Where the HTML page's stylesheet lives when this request gets one, else undefined. */
function htmlUrlbase(
  ctx: { req: { headers: { accept?: string | undefined } }; protocol: string; host: string },
  style: (() => ResponseStyle | undefined) | undefined,
) {
  // The Accept header first: most requests never ask for the profile.
  if (!negotiatesHtml(ctx.req.headers.accept)) return undefined;
  const looks = style?.();
  if (!looks?.htmlForBrowsers) return undefined;
  return looks.urlbase ?? `${ownOrigin(ctx)}/`;
}

/** Any thrown value as the Bugzilla error to answer (unknown ones logged, never shown): every protocol renders these. */
export function asBugzillaError(thrown: unknown, logger: Logger, where: string): BugzillaError {
  if (thrown instanceof BugzillaError) return thrown;
  // The store says how to answer what it refused or could not do.
  if (thrown instanceof StoreError) {
    if (thrown.logged) logger.error(`${where}: ${thrown.message}`);
    return thrown.answer();
  }
  // Koa's own client errors (e.g. a malformed URL): the client's fault, so 400.
  const status = (thrown as { status?: number; expose?: boolean }).status;
  if (typeof status === 'number' && status >= 400 && status < 500 && (thrown as { expose?: boolean }).expose) {
    return new BugzillaError(32000, (thrown as Error).message);
  }
  logger.error(`unexpected error in ${where}`, thrown);
  return errors.internal();
}
