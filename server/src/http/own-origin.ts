/**
 * `http://host:port` as the client addressed this server: the scheme and the Host header, which
 * the Host check has already accepted. Not Koa's `ctx.origin`: in Koa 3 that is the request's
 * `Origin` header, i.e. the calling page's origin, or null.
 */
export function ownOrigin(ctx: { protocol: string; host: string }): string {
  return `${ctx.protocol}://${ctx.host}`;
}
