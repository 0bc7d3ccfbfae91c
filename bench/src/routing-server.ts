import {
  type ApiState,
  chooseProfile,
  createApp,
  createMemoryStore,
  DEFAULT_BODY_LIMIT_BYTES,
  demoFixture,
  type EndpointHandler,
  endpointHandlers,
  RateLimits,
  type Store,
  snapshotFromFixture,
  systemClock,
  WebhookPush,
} from '@bz-companion/server';
import { type EndpointKey, splitEndpoint } from '@bz-companion/shared';
import Router from '@koa/router';
import type { Middleware } from 'koa';

/**
 * Our app with the routing swapped, for an A/B of routing alone: the same
 * handlers, middleware and in-memory store, reached through @koa/router
 * in front of the dispatch table (as `upstream`, where a proxy would answer).
 * Only the hit path is compared: the router passes misses on to the dispatch
 * table, which keeps the contract's 32614/OPTIONS/rest.cgi handling.
 * Usage: node routing-server.js dispatch-table|koa-router
 */
function koaRouter(store: Store): Middleware<ApiState> {
  const deps = {
    store,
    clock: systemClock,
    urlbase: undefined,
    profile: chooseProfile(undefined, undefined),
    failures: store.loginFailures,
    rateLimits: new RateLimits(() => store.instance.parameters),
    push: new WebhookPush(store, systemClock),
  };
  const handlers: ReadonlyMap<EndpointKey, EndpointHandler> = endpointHandlers(deps, {
    bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
  });
  const router = new Router<ApiState>({ sensitive: true, strict: true });
  for (const [key, handler] of handlers) {
    const { method, path } = splitEndpoint(key);
    const routePath = path.replace('{id}', ':id');
    const route: Parameters<typeof router.get>[1] = (ctx, next) => {
      ctx.state.pathId = ctx.params.id;
      return handler(ctx, next);
    };
    if (method === 'GET') router.get(routePath, route);
    else router.post(routePath, route);
  }
  // The router adds `params` to the context itself; Koa's Middleware type cannot say so.
  return router.routes() as unknown as Middleware<ApiState>;
}

const mode = process.argv[2];
if (mode !== 'dispatch-table' && mode !== 'koa-router') throw new Error(`unknown routing '${mode}'`);
const store = createMemoryStore(snapshotFromFixture(demoFixture(Date.now()).fixture));
const app = createApp({ store, options: mode === 'koa-router' ? { upstream: koaRouter(store) } : {} });
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
