import type { EndpointKey } from '@bz-companion/shared';
import type { Middleware } from 'koa';
import { authenticate, presentedApiKey } from '../auth.js';
import { errors } from '../errors.js';
import { preflightHeaders } from '../http/cors.js';
import { jsonpCallback } from '../http/jsonp.js';
import { type BodyParams, readBody } from '../http/read-body.js';
import type { ApiState } from '../http/respond.js';
import { allowedMethods, Dispatcher } from './dispatch.js';
import { instanceRoutes } from './instance.js';
import { lastVisitRoutes } from './last-visit.js';
import type { RouteDeps, RouteSpec, RouteTable } from './route.js';
import { whoamiRoutes } from './whoami.js';

export const routeTable: RouteTable = { ...lastVisitRoutes, ...instanceRoutes, ...whoamiRoutes };

export interface ApiRouterOptions {
  bodyLimitBytes: number;
}

export type EndpointHandler = Middleware<ApiState>;

/** Turns each endpoint's handler into the middleware that routes requests to them. */
export type Routing = (handlers: ReadonlyMap<EndpointKey, EndpointHandler>) => Middleware<ApiState>;

const EMPTY_QUERY = new URLSearchParams();

/**
 * One handler per endpoint of the shared map, each checking in the contract's
 * order: body -> JSONP callback -> credentials -> login -> the route's own
 * checks. The path's `{id}` is read from `ctx.state.pathId`.
 */
export function endpointHandlers(deps: RouteDeps, options: ApiRouterOptions): Map<EndpointKey, EndpointHandler> {
  const handlers = new Map<EndpointKey, EndpointHandler>();
  for (const key of Object.keys(routeTable) as EndpointKey[]) {
    const spec = routeTable[key] as RouteSpec<EndpointKey>;
    const answersJsonp = !key.startsWith('POST ');
    const run = (ctx: Parameters<EndpointHandler>[0], body: BodyParams | null): void | Promise<void> => {
      const query = ctx.querystring ? new URLSearchParams(ctx.querystring) : EMPTY_QUERY;
      // Where 5.2 reads it: after the route and the body, before credentials, so only later errors are JSONP.
      if (answersJsonp && query !== EMPTY_QUERY) ctx.state.jsonpCallback = jsonpCallback(query);
      if (body) ctx.state.body = body;
      const apiKey = spec.auth === 'ignore' ? undefined : presentedApiKey(ctx.headers, query, body);
      const user = authenticate(deps.store, spec.auth, apiKey);
      ctx.state.user = user;
      if (spec.filterInside) ctx.state.filterInside = spec.filterInside;
      const result = spec.handle({ user, pathId: ctx.state.pathId, query, body, origin: ctx.origin }, deps);
      if (!(result instanceof Promise)) {
        ctx.state.result = result;
        return;
      }
      return result.then((value) => {
        ctx.state.result = value;
      });
    };
    // GETs stay synchronous end to end: every await would cost a promise and a tick per request.
    handlers.set(
      key,
      key.startsWith('POST ')
        ? async (ctx) => run(ctx, await readBody(ctx.req, options.bodyLimitBytes))
        : (ctx) => run(ctx, null),
    );
  }
  return handlers;
}

/**
 * The routing the contract needs (see dispatch.ts): exact paths, `/rest.cgi/`
 * as `/rest/`, 32614 for an unknown path or method, OPTIONS with `Allow`.
 * Paths outside /rest/ go on to the human pages.
 */
export const dispatchTable: Routing = (handlers) => {
  const dispatcher = new Dispatcher<EndpointHandler>();
  for (const [key, handler] of handlers) dispatcher.add(key, handler);

  return (ctx, next) => {
    const path = restPath(ctx.path);
    const match = dispatcher.match(path);
    if (!match) {
      if (path.startsWith('/rest/')) throw notFound(ctx.method, path);
      return next().then(() => {
        if (ctx.body === undefined && !('result' in ctx.state)) throw notFound(ctx.method, ctx.path);
      });
    }
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const handler = match.methods.get(method);
    if (handler) {
      ctx.state.pathId = match.pathId;
      return handler(ctx, next);
    }
    if (ctx.method === 'OPTIONS') {
      ctx.set(preflightHeaders(allowedMethods(match.methods)));
      ctx.state.result = {};
      return;
    }
    throw notFound(ctx.method, path);
  };
};

/** Every endpoint, routed by `routing` (the dispatch table unless the bench compares another). */
export function apiRoutes(deps: RouteDeps, options: ApiRouterOptions, routing: Routing = dispatchTable) {
  return routing(endpointHandlers(deps, options));
}

/** Bugzilla's REST endpoint is rest.cgi and /rest/ only a rewrite to it: clients configured with either work. */
function restPath(path: string): string {
  return path.startsWith('/rest.cgi/') ? `/rest${path.slice('/rest.cgi'.length)}` : path;
}

function notFound(method: string, path: string) {
  return errors.resourceNotFound(method, path.startsWith('/rest/') ? path.slice('/rest'.length) : path);
}
