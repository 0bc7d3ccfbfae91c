import { formatBugzillaTime } from '@bz-companion/shared';
import type { Middleware } from 'koa';
import type { Clock } from '../bugzilla/clock.js';
import { isAdminPath } from '../http/admin-path.js';
import type { ApiState } from '../http/respond.js';
import { redactHeaders, redactQuery } from './redact.js';
import { journalBody, type RequestJournal } from './request-journal.js';

/**
 * Records every request but the admin API's in the journal: on arrival (so a
 * request that never gets an answer is there too), then its status, user,
 * body and duration once it is done.
 */
export function recordRequests(journal: RequestJournal, clock: Clock): Middleware<ApiState> {
  return async (ctx, next) => {
    if (isAdminPath(ctx.path)) return next();
    const started = performance.now();
    const entry = journal.add({
      at: formatBugzillaTime(clock.now()),
      method: ctx.method,
      path: ctx.path,
      query: redactQuery(new URLSearchParams(ctx.querystring)),
      headers: redactHeaders(ctx.headers),
      status: null,
      user: null,
      duration_ms: null,
      body: null,
      body_truncated: false,
      delay_ms: 0,
    });
    try {
      await next();
    } finally {
      // A fault that resets or hangs the connection leaves Koa nothing to send: no status.
      entry.status = ctx.respond === false ? null : ctx.status;
      entry.user = ctx.state.user?.login ?? null;
      entry.delay_ms = ctx.state.delayMs ?? 0;
      entry.duration_ms = Math.round((performance.now() - started) * 100) / 100;
      // The journal never fails a request: its write may already be done and acknowledged.
      try {
        Object.assign(entry, journalBody(ctx.state.body));
      } catch {
        Object.assign(entry, { body: '[the body could not be recorded]', body_truncated: true });
      }
    }
  };
}
