import Koa from 'koa';

/**
 * Koa's own hello world, answering the same fixed JSON body as the ceiling: what the framework we
 * build on costs with nothing of ours on top. `GET /rest/version` is held against it (≥ 0.9×).
 * Usage: node koa-hello-server.js [port]
 */
const app = new Koa();
app.use((ctx) => {
  ctx.body = { version: '5.2' };
});
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
