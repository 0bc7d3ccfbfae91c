import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointKey } from '@bz-companion/shared';
import type { BodyParams } from '../../bugzilla/body-params.js';
import type { User } from '../../bugzilla/types.js';
import { authenticate } from '../../login/authenticate.js';
import { presentedCredentials } from '../../login/credentials.js';
import { ANONYMOUS, type Identity } from '../../login/identify.js';
import type { AuthPolicy } from '../../profiles/auth-policy.js';
import type { EndpointRequest } from './endpoint-request.js';
import type { RouteDeps, RouteSpec } from './route.js';
import { checkValueCounts, type WorkBounds, withinTime } from './work-bounds.js';

/** One method as the profile's tracker has it: its route and the credential policy it runs under. */
export interface Endpoint {
  key: EndpointKey;
  spec: RouteSpec<EndpointKey>;
  policy: AuthPolicy;
  bounds: WorkBounds;
  /** A read (a GET method): its wait for the store is timed (bounds.seconds). */
  timed: boolean;
}

/** What the caller keeps of who the request ran as (the request journal names them). */
export interface RunState {
  user?: User | undefined;
}

/** The answer of a method, as its handler gives it (a value, or a prepared one). */
export type EndpointAnswer = ReturnType<RouteSpec<EndpointKey>['handle']>;

/**
 * The steps every call of a method takes after its transport has read the request (REST's
 * path, query and body; an XML-RPC or JSON-RPC envelope's params), in the contract's order:
 * 1. the request's size against the method's bounds (work-bounds.ts), before any work is done;
 * 2. ask for the database's clock early when the method stamps writes (it overlaps the look-ups);
 * 3. the credentials, read as the profile reads them, checked against the method's policy;
 * 4. the method's handler, run as whoever that found, a read within its time.
 * One function for REST and both RPC protocols, so a rule of Bugzilla's has one home whichever
 * protocol a client speaks. Synchronous end to end unless a password is checked or the store is.
 */
export function runEndpoint(
  endpoint: Endpoint,
  deps: RouteDeps,
  request: EndpointRequest,
  method: string,
  headers: IncomingHttpHeaders,
  state: RunState,
): EndpointAnswer | Promise<Awaited<EndpointAnswer>> {
  const { spec, policy, bounds } = endpoint;
  const { query, body } = request;
  checkValueCounts(query, body, bounds.values);
  if (spec.stampsWrites) {
    // A request refused before it reads the answer must not leave an unhandled rejection.
    const asked = request.databaseNow();
    if (asked instanceof Promise) asked.catch(() => {});
  }
  const identity = loginExempt(policy, query, body, headers)
    ? ANONYMOUS
    : authenticate(presentedCredentials({ method, headers, query, body }, deps.profile.credentials), policy, {
        store: deps.store,
        profile: deps.profile,
        failures: deps.failures,
        ip: request.ip,
        now: Math.floor(request.webNow / 1000),
        rateLimits: deps.rateLimits,
      });
  // Every await costs a tick per request, and the synchronous path makes no closure.
  const answer =
    identity instanceof Promise
      ? identity.then((found) => runAs(found, endpoint, request, deps, state))
      : runAs(identity, endpoint, request, deps, state);
  return endpoint.timed && answer instanceof Promise ? withinTime(answer, bounds.seconds) : answer;
}

function runAs(
  found: Identity,
  endpoint: Endpoint,
  request: EndpointRequest,
  deps: RouteDeps,
  state: RunState,
): EndpointAnswer {
  request.runAs(found);
  state.user = found.user;
  if (!found.user) countAnonymous(endpoint.key, request, deps);
  const seen =
    found.user && deps.profile.objects.recordsLastSeen ? recordLastSeen(found.user, request, deps) : undefined;
  return seen ? seen.then(() => endpoint.spec.handle(request, deps)) : endpoint.spec.handle(request, deps);
}

/**
 * Bugzilla's update_last_seen_date (Bugzilla.pm login): the first call of a day records the day in
 * the user's profile, durably, before the method runs. Only a store that owns its data records it.
 */
function recordLastSeen(user: User, request: EndpointRequest, deps: RouteDeps): Promise<unknown> | undefined {
  const day = Math.floor(request.webNow / 86_400_000) * 86_400;
  if (user.lastSeenDate === day || !deps.store.owned) return undefined;
  return deps.store.owned.updateUsers([user.id], (users) => ({
    users: users.map((current) => Object.assign({}, current, { lastSeenDate: day })),
    answer: null,
  }));
}

/** BMO's methods that count a logged-out call against a rate limit before anything else (Bugzilla/WebService/Bug.pm). */
function countAnonymous(key: EndpointKey, request: EndpointRequest, deps: RouteDeps): void {
  const rule = deps.profile.rateLimits?.anonymousMethods[key];
  if (rule === undefined) return;
  const now = Math.floor(request.webNow / 1000);
  deps.rateLimits.check(rule, request.ip, request.ip, now);
}

/** A query with nothing in it, shared: most requests have none, and the check below compares by identity. */
export const EMPTY_QUERY = new URLSearchParams();

/**
 * A login-exempt method (version, timezone, login) looks at credentials only when `Bugzilla_login`
 * is sent (auth.ts); with no query, no body and no login header there is none to read.
 */
function loginExempt(
  policy: AuthPolicy,
  query: URLSearchParams,
  body: BodyParams | null,
  headers: IncomingHttpHeaders,
) {
  return policy === 'ignore' && query === EMPTY_QUERY && body === null && headers['x-bugzilla-login'] === undefined;
}
