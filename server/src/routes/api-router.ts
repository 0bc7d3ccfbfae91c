import { type EndpointKey, splitEndpoint } from '@bz-companion/shared';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { authenticate, presentedApiKey } from '../auth.js';
import { errors } from '../errors.js';
import { preflightHeaders } from '../http/cors.js';
import { readBody } from '../http/read-body.js';
import type { ApiState } from '../http/respond.js';
import { instanceRoutes } from './instance.js';
import { lastVisitRoutes } from './last-visit.js';
import type { RouteDeps, RouteSpec, RouteTable } from './route.js';
import { whoamiRoutes } from './whoami.js';

export const routeTable: RouteTable = { ...lastVisitRoutes, ...instanceRoutes, ...whoamiRoutes };

export interface ApiRouterOptions {
  bodyLimitBytes: number;
}

/**
 * Registers every endpoint of the shared map, in the contract's order of
 * checks: route (else 32614) -> body -> credentials -> login -> the handler's
 * own checks. Paths match exactly and case-sensitively.
 */
export function apiRouter(deps: RouteDeps, options: ApiRouterOptions): Router<ApiState> {
  const router = new Router<ApiState>({ strict: true, sensitive: true });
  for (const key of Object.keys(routeTable) as EndpointKey[]) {
    const { method, path } = splitEndpoint(key);
    const spec = routeTable[key] as RouteSpec<EndpointKey>;
    const handler: Middleware<ApiState> = async (ctx) => {
      const body = method === 'POST' ? await readBody(ctx.req, options.bodyLimitBytes) : null;
      const query = new URLSearchParams(ctx.querystring);
      const apiKey = spec.auth === 'ignore' ? undefined : presentedApiKey(ctx.headers, query, body);
      const user = authenticate(deps.store, spec.auth, apiKey);
      const pathId = (ctx as { params?: Record<string, string> }).params?.id;
      ctx.state.result = await spec.handle({ user, pathId, query, body, origin: ctx.origin }, deps);
      if (spec.filterInside) ctx.state.filterInside = spec.filterInside;
    };
    router.register(path.replace('{id}', ':id'), [method], handler);
  }
  return router;
}

/**
 * After the router: OPTIONS on a known path answers `{}` with `Allow` and the
 * CORS preflight headers; anything else unmatched is 32614.
 */
export function unmatchedRequests(router: Router<ApiState>): Middleware<ApiState> {
  return async (ctx) => {
    const methods = new Set<string>();
    for (const layer of router.match(ctx.path, ctx.method).path) {
      for (const method of layer.methods) methods.add(method);
    }
    if (ctx.method === 'OPTIONS' && methods.size > 0) {
      methods.add('OPTIONS');
      ctx.set(preflightHeaders([...methods]));
      ctx.state.result = {};
      return;
    }
    const restPath = ctx.path.startsWith('/rest/') ? ctx.path.slice('/rest'.length) : ctx.path;
    throw errors.resourceNotFound(ctx.method, restPath);
  };
}
