import { formatBugzillaTime } from '@bz-companion/shared';
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import type { Clock } from '../../bugzilla/clock.js';
import { isAdminPath } from '../../http/admin-path.js';
import { rereadable } from '../../http/rereadable-request.js';
import type { ApiState } from '../../http/respond.js';
import { packageVersion } from '../../package-version.js';
import type { Profile, ProfileName } from '../../profiles/profile.js';
import type { MismatchJournal } from './mismatch-journal.js';
import { openApiDocument } from './openapi-document.js';
import { checkRpcCall } from './rpc-traffic.js';
import { type Finding, TrafficValidator } from './traffic-validator.js';

export interface ValidateOptions {
  journal: MismatchJournal;
  clock: Clock;
  profile: () => Profile;
  /** Receives one line per mismatch (stderr when the admin API is off). */
  log?: ((line: string) => void) | undefined;
}

/**
 * `serve --validate`: every REST request and its answer (and every RPC call, as the REST
 * request it stands for) checked against the OpenAPI
 * description, each departure journaled (`/__admin/mismatches`). It sits above the
 * rest of the chain, so it sees the answer as sent, whoever made it: the store's
 * routes, or the real tracker behind `--proxy`. It never changes an answer.
 */
export function validateTraffic(options: ValidateOptions): Middleware<ApiState> {
  const validators = new Map<ProfileName, TrafficValidator>();
  const validatorFor = (profile: Profile): TrafficValidator => {
    let validator = validators.get(profile.name);
    if (!validator) {
      validator = new TrafficValidator(openApiDocument(profile, packageVersion()), profile);
      validators.set(profile.name, validator);
    }
    return validator;
  };
  return async (ctx, next) => {
    const protocol = RPC_PATHS.get(ctx.path);
    if (protocol !== undefined && ctx.method === 'POST') {
      // Read first (and handed on to be read again): the call says which method, hence which endpoint.
      const request = await getRawBody(ctx.req, { limit: RPC_READ_LIMIT }).catch(() => undefined);
      if (request === undefined) return next();
      ctx.req = rereadable(ctx.req, request);
      await next();
      const answer =
        typeof ctx.body === 'string' ? ctx.body : Buffer.isBuffer(ctx.body) ? ctx.body.toString() : undefined;
      const profile = options.profile();
      for (const finding of checkRpcCall(validatorFor(profile), profile, protocol, request.toString(), answer)) {
        record(options, ctx.method, ctx.path, ctx.status, finding);
      }
      return;
    }
    const matched = isAdminPath(ctx.path) ? undefined : validatorFor(options.profile()).match(ctx.method, ctx.path);
    if (!matched) return next();
    await next();
    const validator = validatorFor(options.profile());
    const findings = validator.checkRequest(
      matched.checks,
      matched.pathId,
      new URLSearchParams(ctx.querystring),
      ctx.state.body ?? undefined,
    );
    const answer = jsonAnswer(ctx.response.get('Content-Type'), ctx.body);
    if (answer !== NOT_JSON && ctx.method !== 'HEAD' && ctx.status !== 304) {
      findings.push(...validator.checkResponse(matched.checks, ctx.status, answer));
    }
    for (const finding of findings) record(options, ctx.method, ctx.path, ctx.status, finding);
  };
}

const NOT_JSON = Symbol('not JSON');

const RPC_PATHS: ReadonlyMap<string, 'xmlrpc' | 'jsonrpc'> = new Map([
  ['/xmlrpc.cgi', 'xmlrpc'],
  ['/jsonrpc.cgi', 'jsonrpc'],
]);
/** What --validate reads of an RPC call before it goes on; a larger one goes on unchecked. */
const RPC_READ_LIMIT = 32 * 1024 * 1024;

/** The answer's JSON as sent (a string or bytes), or NOT_JSON (a page, JSONP, a stream). */
function jsonAnswer(contentType: string, body: unknown): unknown {
  if (!/application\/json/i.test(contentType)) return NOT_JSON;
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
  if (text === undefined) return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function record(options: ValidateOptions, method: string, path: string, status: number, finding: Finding): void {
  const entry = options.journal.add({ at: formatBugzillaTime(options.clock.now()), method, path, status, ...finding });
  options.log?.(
    `bz-companion --validate: ${method} ${path} (${finding.endpoint}) ${finding.part}, status ${status}: ${entry.problems.join('; ')}`,
  );
}
