import { type EndpointKey, isRpcOnly } from '@bz-companion/shared';
import type { Middleware } from 'koa';
import type { BodyParams } from '../../bugzilla/body-params.js';
import { readBugAhead } from '../../bugzilla/bug/bug-ref.js';
import { errors } from '../../bugzilla/errors.js';
import { clientIp } from '../../http/client-ip.js';
import { preflightHeaders } from '../../http/cors.js';
import { bodyFieldFilter } from '../../http/field-filter.js';
import { jsonpCallback } from '../../http/jsonp.js';
import { readBody } from '../../http/read-body.js';
import type { ApiState } from '../../http/respond.js';
import type { Profile, ProfileName } from '../../profiles/profile.js';
import { EndpointRequest } from '../method/endpoint-request.js';
import type { RouteDeps, RouteSpec } from '../method/route.js';
import { EMPTY_QUERY, type Endpoint, runEndpoint } from '../method/run-endpoint.js';
import { boundsWith, DEFAULT_WORK_BOUNDS, type WorkBounds } from '../method/work-bounds.js';
import { routeTable } from '../table/method-table.js';
import { allowedMethods, Dispatcher } from './dispatch.js';

export interface ApiRouterOptions {
  bodyLimitBytes: number;
}

export type EndpointHandler = Middleware<ApiState>;

/** The route dependencies, with the profile looked up per request (a reset may load data of another tracker). */
export type ApiDeps = Omit<RouteDeps, 'profile'> & { profile: () => Profile };

/** Each route's bounds: its own where it names them, else the defaults. */
const BOUNDS = new Map(
  (Object.keys(routeTable) as EndpointKey[]).map((key) => {
    const own = (routeTable[key] as RouteSpec<EndpointKey>).bounds;
    return [key, own ? boundsWith(own) : DEFAULT_WORK_BOUNDS];
  }),
);

/** What one call of the endpoint `key` may cost. */
export function boundsOf(key: EndpointKey): WorkBounds {
  return BOUNDS.get(key) ?? DEFAULT_WORK_BOUNDS;
}

/** The endpoint `key` as `profile`'s tracker runs it: its route, the profile's credential policy for it, its bounds. */
export function endpointFor(key: EndpointKey, profile: Profile): Endpoint {
  const spec = routeTable[key] as RouteSpec<EndpointKey>;
  return { key, spec, policy: profile.auth[key] ?? spec.auth, bounds: boundsOf(key), timed: key.startsWith('GET ') };
}

/**
 * One handler per endpoint of the shared map that the profile's tracker has, each
 * reading the REST request in the contract's order (body -> JSONP callback) and then
 * running the method's steps (runEndpoint: credentials -> login -> the route's own
 * checks). The path's `{id}` is read from `ctx.state.pathId`.
 */
export function endpointHandlers(deps: RouteDeps, options: ApiRouterOptions): Map<EndpointKey, EndpointHandler> {
  const { profile } = deps;
  const handlers = new Map<EndpointKey, EndpointHandler>();
  for (const key of Object.keys(routeTable) as EndpointKey[]) {
    if (profile.missing.has(key) || isRpcOnly(key)) continue;
    const endpoint = endpointFor(key, profile);
    const { spec } = endpoint;
    const takesBody = key.startsWith('POST ') || key.startsWith('PUT ');
    const answersJsonp = !takesBody;
    const run = (ctx: Parameters<EndpointHandler>[0], body: BodyParams | null): void | Promise<void> => {
      const query = ctx.querystring ? new URLSearchParams(ctx.querystring) : EMPTY_QUERY;
      // Where 5.2 reads it: after the route and the body, before credentials, so only later errors are JSONP.
      if (answersJsonp && query !== EMPTY_QUERY) ctx.state.jsonpCallback = jsonpCallback(query, profile.jsonpCallback);
      if (body) ctx.state.body = body;
      if (body && profile.fieldsFromBody) ctx.state.fieldFilter = bodyFieldFilter(body, query);
      if (spec.filterInside) ctx.state.filterInside = spec.filterInside;
      if (spec.fieldsApplied) ctx.state.fieldsApplied = true;
      if (spec.successStatus) ctx.state.successStatus = spec.successStatus;
      ctx.state.answerBytes = endpoint.bounds.answerBytes;
      const ip = clientIp(ctx.req.socket.remoteAddress);
      const pathBug = spec.readsPathBug ? readBugAhead(deps.store, ctx.state.pathId) : undefined;
      const request = new EndpointRequest(ctx, deps, ip, ctx.state.pathId, query, body, deps.clock.now(), pathBug);
      const result = runEndpoint(endpoint, deps, request, ctx.method, ctx.headers, ctx.state);
      if (!(result instanceof Promise)) {
        ctx.state.result = result;
        return;
      }
      return result.then((value) => {
        ctx.state.result = value;
      });
    };
    const bodyOptions = { untypedIsForm: profile.untypedBodyIsForm };
    handlers.set(
      key,
      !key.startsWith('GET ')
        ? async (ctx) => {
            const limit = spec.largerBody
              ? Math.max(options.bodyLimitBytes, spec.largerBody(deps.store.instance.parameters))
              : options.bodyLimitBytes;
            return run(ctx, await readBody(ctx.req, limit, bodyOptions));
          }
        : (ctx) => run(ctx, null),
    );
  }
  return handlers;
}

/**
 * The routing the contract needs (see dispatch.ts): exact paths, `/rest.cgi/`
 * as `/rest/`, 32614 for an unknown path or method, OPTIONS with `Allow`;
 * with the profile's tracker's quirks (digits-only ids, HEAD, preflights).
 * Paths outside /rest/ go on to the human pages.
 */
function dispatchTable(handlers: ReadonlyMap<EndpointKey, EndpointHandler>, profile: Profile): Middleware<ApiState> {
  const dispatcher = new Dispatcher<EndpointHandler>();
  for (const [key, handler] of handlers) dispatcher.add(key, handler);

  return (ctx, next) => {
    const path = restPath(ctx.path);
    const match = dispatcher.match(path);
    if (!match || (match.pathId !== undefined && !idFitsRoute(profile, path, match.pathId))) {
      if (path.startsWith('/rest/')) throw notFound(ctx.method, path);
      return next().then(() => {
        if (ctx.body === undefined && !('result' in ctx.state)) throw notFound(ctx.method, ctx.path);
      });
    }
    const method = ctx.method === 'HEAD' && !profile.ownMethodsOnly ? 'GET' : ctx.method;
    const handler = match.methods.get(method);
    if (handler) {
      ctx.state.pathId = match.pathId;
      return handler(ctx, next);
    }
    if (ctx.method === 'OPTIONS') {
      const methods = profile.ownMethodsOnly ? [...match.methods.keys()] : allowedMethods(match.methods);
      ctx.set(preflightHeaders(methods, profile.corsAllowHeaders));
      ctx.state.result = {};
      return;
    }
    throw notFound(ctx.method, path);
  };
}

/** Every endpoint, routed by the dispatch table of the profile's tracker. */
export function apiRoutes(deps: ApiDeps, options: ApiRouterOptions) {
  const routed = new Map<ProfileName, Middleware<ApiState>>();
  const middleware: Middleware<ApiState> = (ctx, next) => {
    const profile = deps.profile();
    let route = routed.get(profile.name);
    if (!route) {
      const routeDeps = {
        store: deps.store,
        clock: deps.clock,
        urlbase: deps.urlbase,
        failures: deps.failures,
        rateLimits: deps.rateLimits,
        push: deps.push,
        profile,
      };
      route = dispatchTable(endpointHandlers(routeDeps, options), profile);
      routed.set(profile.name, route);
    }
    return route(ctx, next);
  };
  return middleware;
}

/** Routes the tracker matches with `(\d+)` take no other id: anything else there is no route at all. */
function idFitsRoute(profile: Profile, path: string, pathId: string): boolean {
  if (profile.digitsOnlyIds.size === 0 || /^\d+$/.test(pathId)) return true;
  return !profile.digitsOnlyIds.has(`${path.slice(0, path.lastIndexOf('/') + 1)}{id}`);
}

/** Bugzilla's REST endpoint is rest.cgi and /rest/ only a rewrite to it: clients configured with either work. */
function restPath(path: string): string {
  return path.startsWith('/rest.cgi/') ? `/rest${path.slice('/rest.cgi'.length)}` : path;
}

function notFound(method: string, path: string) {
  return errors.resourceNotFound(method, path.startsWith('/rest/') ? path.slice('/rest'.length) : path);
}
