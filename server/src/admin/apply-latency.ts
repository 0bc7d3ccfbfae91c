import { setTimeout as sleep } from 'node:timers/promises';
import type { Middleware } from 'koa';
import type { ApiState } from '../http/respond.js';
import type { LatencyRules } from './latency.js';

/** Holds each request for the delay its latency rule draws, then lets it be answered as usual. */
export function applyLatency(rules: LatencyRules): Middleware<ApiState> {
  return async (ctx, next) => {
    const delay = rules.delayFor(ctx.method, ctx.path);
    if (delay > 0) {
      ctx.state.delayMs = (ctx.state.delayMs ?? 0) + Math.round(delay * 100) / 100;
      await sleep(delay);
    }
    return next();
  };
}
