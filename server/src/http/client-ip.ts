/**
 * The socket's address as 5.2 records it: `127.0.0.1`, not Node's IPv4-mapped `::ffff:127.0.0.1`.
 * Read from the socket: Koa's `ctx.ip` parses proxy headers first, which we never trust, per request.
 */
export function clientIp(ip: string | undefined): string {
  if (ip === undefined) return '';
  return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
}
