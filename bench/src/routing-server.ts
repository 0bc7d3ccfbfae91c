import {
  type ApiState,
  createApp,
  createMemoryStore,
  demoFixture,
  type Routing,
  snapshotFromFixture,
} from '@bz-companion/server';
import { splitEndpoint } from '@bz-companion/shared';
import Router from '@koa/router';

/**
 * Our app with the routing swapped, for an A/B of routing alone: the same
 * handlers, middleware and in-memory store, reached through @koa/router
 * instead of the dispatch table. Only the hit path is compared: the router
 * variant has none of the contract's 32614/OPTIONS/rest.cgi handling.
 * Usage: node routing-server.js dispatch-table|koa-router
 */
const koaRouter: Routing = (handlers) => {
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
  return router.routes() as unknown as ReturnType<Routing>;
};

const mode = process.argv[2];
if (mode !== 'dispatch-table' && mode !== 'koa-router') throw new Error(`unknown routing '${mode}'`);
const store = createMemoryStore(snapshotFromFixture(demoFixture(Date.now()).fixture));
const app = createApp({ store, options: mode === 'koa-router' ? { routing: koaRouter } : {} });
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
