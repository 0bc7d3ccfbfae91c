import type { Middleware, ParameterizedContext } from 'koa';
import { ADMIN_PREFIX, isAdminPath } from '../http/admin-path.js';
import { ownOrigin } from '../http/own-origin.js';
import type { ApiState } from '../http/respond.js';
import { FixtureError } from '../import/fixture/fixture.js';
import { AdminError } from './admin-error.js';
import type { AdminControls } from './controls.js';
import { readAdminJson } from './read-json.js';
import type { RecordingControl } from './recording-control.js';
import { checkAdminRequest } from './same-origin-only.js';

type Context = ParameterizedContext<ApiState>;
type AdminHandler = (ctx: Context, controls: AdminControls) => Promise<unknown> | unknown;

const routes: Record<string, Partial<Record<string, AdminHandler>>> = {
  reset: {
    POST: async (ctx, controls) => {
      const fixture = await readAdminJson(ctx.req);
      try {
        await controls.reset(fixture);
      } catch (error) {
        if (error instanceof FixtureError) throw new AdminError(400, `fixture: ${error.message}`);
        throw error;
      }
      return { reset: true };
    },
  },
  requests: {
    GET: (ctx, controls) => ({ requests: controls.journal.list(sinceParameter(ctx)) }),
    DELETE: (_ctx, controls) => ({ cleared: controls.journal.clear() }),
  },
  faults: {
    GET: (_ctx, controls) => ({ faults: controls.faults.list() }),
    POST: async (ctx, controls) => {
      const fault = controls.addFault(await readAdminJson(ctx.req));
      ctx.status = 201;
      return fault;
    },
    DELETE: (_ctx, controls) => ({ cleared: controls.clearFaults() }),
  },
  latency: {
    GET: (_ctx, controls) => ({ latency: controls.latency.list() }),
    POST: async (ctx, controls) => {
      const rule = controls.addLatency(await readAdminJson(ctx.req));
      ctx.status = 201;
      return rule;
    },
    DELETE: (_ctx, controls) => ({ cleared: controls.clearLatency() }),
  },
  mismatches: {
    GET: (ctx, controls) => ({ mismatches: controls.mismatches.list(sinceParameter(ctx)) }),
    DELETE: (_ctx, controls) => ({ cleared: controls.mismatches.clear() }),
  },
  recordings: {
    GET: (_ctx, controls) => recordingOf(controls).state(),
  },
  'recordings/start': {
    POST: async (ctx, controls) => recordingOf(controls).start(recordingDir(await readAdminJson(ctx.req))),
  },
  'recordings/stop': {
    POST: (_ctx, controls) => recordingOf(controls).stop(),
  },
  clock: {
    GET: (_ctx, controls) => controls.clockState(),
    PUT: async (ctx, controls) => controls.changeClock(await readAdminJson(ctx.req)),
  },
  'clock/advance': {
    POST: async (ctx, controls) => controls.advanceClock(await readAdminJson(ctx.req)),
  },
  retention: {
    POST: async (_ctx, controls) => ({ removed: await controls.retention() }),
  },
  webhooks: {
    GET: async (_ctx, controls) => ({ webhooks: await controls.webhooks() }),
    POST: async (ctx, controls) => {
      const webhook = await controls.addWebhook(await readAdminJson(ctx.req));
      ctx.status = 201;
      return webhook;
    },
  },
  'webhooks/deliveries': {
    GET: (ctx, controls) => ({ deliveries: controls.push.deliveries.list(sinceParameter(ctx)) }),
    DELETE: (_ctx, controls) => ({ cleared: controls.push.deliveries.clear() }),
  },
};

/**
 * `/__admin/`: reset, the request journal, faults, the clock and retention,
 * for tests (docs/test-double.md). JSON in and out; errors as
 * `{"error": true, "message"}`. Never recorded in the journal, never faulted.
 */
export function adminApi(controls: AdminControls): Middleware<ApiState> {
  return async (ctx, next) => {
    if (!isAdminPath(ctx.path)) return next();
    // The top of the chain lets any page read the API's answers; none may read these.
    ctx.res.removeHeader('Access-Control-Allow-Origin');
    try {
      checkAdminRequest(ctx.method, ctx.req.headers, ownOrigin(ctx));
      const result = await handlerFor(ctx)(ctx, controls);
      ctx.set('Content-Type', 'application/json; charset=UTF-8');
      ctx.body = JSON.stringify(result);
    } catch (error) {
      if (!(error instanceof AdminError)) throw error;
      ctx.status = error.status;
      ctx.set('Content-Type', 'application/json; charset=UTF-8');
      ctx.body = JSON.stringify(error.toBody());
    }
  };
}

function handlerFor(ctx: Context): AdminHandler {
  const name = ctx.path.slice(ADMIN_PREFIX.length);
  const webhook = /^webhooks\/(\d+)$/.exec(name);
  if (webhook && ctx.method === 'DELETE') {
    const id = Number(webhook[1]);
    return async (_ctx, controls) => {
      if (!(await controls.deleteWebhook(id))) throw new AdminError(404, `no webhook with id "${id}"`);
      return { deleted: id };
    };
  }
  const one = /^(faults|latency)\/([^/]+)$/.exec(name);
  if (one && ctx.method === 'DELETE') {
    const [, kind, id = ''] = one;
    return (_ctx, controls) => {
      const deleted = kind === 'faults' ? controls.deleteFault(id) : controls.deleteLatency(id);
      if (!deleted) throw new AdminError(404, `no ${kind === 'faults' ? 'fault' : 'latency rule'} with id "${id}"`);
      return { deleted: id };
    };
  }
  const handler = Object.hasOwn(routes, name) ? routes[name]?.[ctx.method] : undefined;
  if (!handler) throw new AdminError(404, `no admin endpoint ${ctx.method} ${ctx.path}`);
  return handler;
}

function sinceParameter(ctx: Context): number {
  const text = new URLSearchParams(ctx.querystring).get('since');
  if (text === null) return 0;
  if (!/^\d+$/.test(text)) throw new AdminError(400, `since: must be a request number (0 or more), not "${text}"`);
  return Number(text);
}

function recordingOf(controls: AdminControls): RecordingControl {
  if (!controls.recording) throw new AdminError(400, 'recordings: only a proxy records (serve --proxy URL)');
  return controls.recording;
}

/** `{"dir": "DIR"}`, or no body (the directory --record named). */
function recordingDir(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  const dir = (body as { dir?: unknown }).dir;
  if (typeof body !== 'object' || Array.isArray(body) || (dir !== undefined && typeof dir !== 'string')) {
    throw new AdminError(400, 'recordings: the body is {"dir": "DIR"} or nothing');
  }
  return dir;
}
