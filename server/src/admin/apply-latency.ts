import { setTimeout as sleep } from 'node:timers/promises';
import type { Middleware } from 'koa';
import type { ApiState } from '../http/respond.js';
import type { LatencyRules } from './latency.js';

/**
 * Holds each answer until the delay its latency rule draws has passed since the request arrived,
 * so that what a client measures back is the asked-for distribution: the server's own work (and a
 * pause of its garbage collector) is taken out of the delay instead of added to it. A request whose
 * work takes longer than its delay is answered when that work is done.
 */
export function applyLatency(rules: LatencyRules): Middleware<ApiState> {
  return async (ctx, next) => {
    const delay = rules.delayFor(ctx.method, ctx.path);
    if (delay <= 0) return next();
    const answerAt = performance.now() + delay;
    ctx.state.delayMs = (ctx.state.delayMs ?? 0) + Math.round(delay * 100) / 100;
    try {
      await next();
    } finally {
      const left = answerAt - performance.now();
      if (left > 0) await sleep(left);
    }
  };
}
