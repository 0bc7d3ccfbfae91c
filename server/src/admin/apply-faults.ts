import { setTimeout as sleep } from 'node:timers/promises';
import type { Fault } from '@bz-companion/shared';
import type { Middleware } from 'koa';
import { BugzillaError } from '../bugzilla/errors.js';
import { readBody } from '../http/read-body.js';
import type { ApiState } from '../http/respond.js';
import type { FaultRules } from './faults.js';

/**
 * Applies the first matching fault rule before anything else reads the request
 * (authentication included), so a faulted request never changes data: it gets
 * the injected status, no answer at all, or (delay) the normal answer late.
 */
export function applyFaults(
  faults: FaultRules,
  log: ((line: string) => void) | undefined,
  bodyLimitBytes: number,
): Middleware<ApiState> {
  return async (ctx, next) => {
    const fault = faults.take(ctx.method, ctx.path);
    if (!fault) return next();
    log?.(`fault ${fault.id} applied to ${ctx.method} ${ctx.path}: ${describeAction(fault)}`);
    if (fault.delay_ms !== undefined) {
      ctx.state.delayMs = (ctx.state.delayMs ?? 0) + fault.delay_ms;
      await sleep(fault.delay_ms);
      return next();
    }
    if (fault.reset || fault.hang) {
      ctx.respond = false;
      // reset: a TCP RST, so the client sees ECONNRESET; hang: the socket stays open, unanswered.
      if (fault.reset) ctx.req.socket.resetAndDestroy();
      return;
    }
    // Read for the journal only (a test may check what a refused request carried); it changes nothing.
    ctx.state.body = await readBody(ctx.req, bodyLimitBytes).catch(() => null);
    const status = fault.status as number;
    if (fault.body === undefined) {
      throw new BugzillaError(-32000, `bz-companion: fault ${fault.id} injected through the admin API.`, { status });
    }
    ctx.status = status;
    ctx.set('Content-Type', 'application/json; charset=UTF-8');
    ctx.body = JSON.stringify(fault.body);
  };
}

/** One line saying what a rule matches and does, for the log: `POST /rest/x, status 503, 2 times`. */
export function describeFault(fault: Fault): string {
  const where = fault.path ?? (fault.path_prefix === undefined ? 'any path' : `${fault.path_prefix}*`);
  const times = fault.times === undefined ? '' : `, ${fault.times} times`;
  return `${fault.method ?? 'any method'} ${where}, ${describeAction(fault)}${times}`;
}

function describeAction(fault: Fault): string {
  if (fault.delay_ms !== undefined) return `delay ${fault.delay_ms} ms`;
  if (fault.reset) return 'connection reset';
  if (fault.hang) return 'hang';
  return `status ${fault.status}`;
}
