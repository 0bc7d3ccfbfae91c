import type { Middleware } from 'koa';
import type { Clock } from '../bugzilla/clock.js';
import { BLOCK_SECONDS, type RateLimits } from '../bugzilla/rate-limit/rate-limits.js';
import { isAdminPath } from './admin-path.js';
import { clientIp } from './client-ip.js';

/**
 * BMO's page for a blocked address (template/en/default/global/ip-blocked.html.tmpl, which
 * Bugzilla::App::Plugin::BlockIP renders once at start), without BMO's header and footer.
 */
const BLOCKED_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><meta name="robots" content="noindex"><title>Too Many Requests</title></head>
<body><h1>Too Many Requests</h1>

<p>
    We’re sorry, but you have sent too many requests to us recently.
    You will be unblocked in ${BLOCK_SECONDS / 60} minutes.
</p>
</body></html>
`;

/**
 * Bugzilla::App::Plugin::BlockIP's before_routes hook: an address that went over a rate limit
 * gets HTTP 429 "Too Many Requests" and BMO's HTML page for every request, before any route,
 * until its hour is over (each such request starts the hour again). The admin API is never
 * blocked: a test must be able to reset what it set up.
 */
export function blockedAddresses(rateLimits: RateLimits, clock: Clock): Middleware {
  return (ctx, next) => {
    if (!rateLimits.blocksAny || isAdminPath(ctx.path)) return next();
    const ip = clientIp(ctx.req.socket.remoteAddress);
    if (!rateLimits.isBlocked(ip, Math.floor(clock.now() / 1000))) return next();
    ctx.status = 429;
    ctx.message = 'Too Many Requests';
    ctx.type = 'text/html';
    ctx.body = BLOCKED_HTML;
  };
}
