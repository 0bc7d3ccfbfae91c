import { redactUrl } from '@bz-companion/shared';
import type { Middleware } from 'koa';

/**
 * One line per request: method, URL with any API key redacted, status,
 * milliseconds. Headers are never logged, so neither is X-BUGZILLA-API-KEY
 * nor Authorization.
 */
export function requestLog(write: (line: string) => void): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const url = redactUrl(`http://x${ctx.url}`).slice('http://x'.length);
      write(
        `${ctx.method} ${url} ${ctx.respond === false ? 'no answer' : ctx.status} ${(performance.now() - started).toFixed(1)}ms`,
      );
    }
  };
}
