import type { EndpointKey } from '@bz-companion/shared';
import type { Profile } from '../profiles/profile.js';

/**
 * A method as XML-RPC and JSON-RPC clients call it (`Bug.get`), and the REST endpoint whose
 * handler answers it: one implementation per method, whichever protocol asks.
 */
export interface RpcMethod {
  /** The endpoint whose route runs the method. */
  endpoint: EndpointKey;
  /** How its params struct reaches the handler: as a query (what REST's GET sends) or as a body (POST). */
  params: 'query' | 'body';
  /** The struct member that REST puts in the path (`Bug.add_comment`'s `id`), when the endpoint has one. */
  pathParam?: string;
  /**
   * In the package's READ_ONLY list (5.2's Bugzilla.pm, Bug.pm, User.pm): JSON-RPC over GET may call it.
   * Every other method answers 32610 over GET (a page could otherwise make the user's browser write).
   */
  readOnly: boolean;
  /**
   * What the Perl method returns where REST dresses it: `undef` (REST shows `{}`; RPC answers null,
   * XML-RPC an empty value), or a scalar (REST wraps it as `{"result": …}`; RPC sends it bare).
   */
  perlReturns?: 'undef' | 'scalar';
}

/** Every method whose REST resource bz-companion serves, by its RPC name (5.2's WS_DISPATCH packages). */
export const RPC_METHODS: Readonly<Record<string, RpcMethod>> = {
  'Bugzilla.version': { endpoint: 'GET /rest/version', params: 'query', readOnly: true },
  'Bugzilla.extensions': { endpoint: 'GET /rest/extensions', params: 'query', readOnly: true },
  'Bugzilla.timezone': { endpoint: 'GET /rest/timezone', params: 'query', readOnly: true },
  'Bugzilla.time': { endpoint: 'GET /rest/time', params: 'query', readOnly: true },
  'Bugzilla.parameters': { endpoint: 'GET /rest/parameters', params: 'query', readOnly: true },
  // Not READ_ONLY in 5.2's Bugzilla.pm, though it only reads.
  'Bugzilla.last_audit_time': { endpoint: 'GET /rest/last_audit_time', params: 'query', readOnly: false },
  'BugUserLastVisit.update': { endpoint: 'POST /rest/bug_user_last_visit', params: 'body', readOnly: false },
  // BugUserLastVisit.pm declares no READ_ONLY list.
  'BugUserLastVisit.get': { endpoint: 'GET /rest/bug_user_last_visit', params: 'query', readOnly: false },
  'Bug.get': { endpoint: 'GET /rest/bug/', params: 'query', readOnly: true },
  'Bug.search': { endpoint: 'GET /rest/bug', params: 'query', readOnly: true },
  'Bug.comments': { endpoint: 'GET /rest/bug/{id}/comment', params: 'query', readOnly: true },
  'Bug.history': { endpoint: 'GET /rest/bug/{id}/history', params: 'query', readOnly: true },
  'Bug.add_comment': { endpoint: 'POST /rest/bug/{id}/comment', params: 'body', pathParam: 'id', readOnly: false },
  // Its ids are in the params struct (REST's path id is one of them).
  'Bug.update': { endpoint: 'PUT /rest/bug/{id}', params: 'body', readOnly: false },
  'Bug.create': { endpoint: 'POST /rest/bug', params: 'body', readOnly: false },
  'User.login': { endpoint: 'GET /rest/login', params: 'query', readOnly: false },
  'User.logout': { endpoint: 'GET /rest/logout', params: 'query', readOnly: false, perlReturns: 'undef' },
  'User.valid_login': { endpoint: 'GET /rest/valid_login', params: 'query', readOnly: false, perlReturns: 'scalar' },
  // BMO's User.whoami; 5.2 has no such method (the profile's missing endpoints say which).
  'User.whoami': { endpoint: 'GET /rest/whoami', params: 'query', readOnly: true },
};

/**
 * REST endpoints a tracker lacks as paths though it has the method: 5.2 routes
 * `bug_user_last_visit` only with an id, yet `BugUserLastVisit.update({ids})` works over RPC.
 */
const PATH_ONLY_GAPS: ReadonlySet<EndpointKey> = new Set<EndpointKey>([
  'POST /rest/bug_user_last_visit',
  'GET /rest/bug_user_last_visit',
]);

/** The method `name` as `profile`'s tracker has it, or undefined when it has no such method. */
export function rpcMethod(name: string, profile: Profile): RpcMethod | undefined {
  if (!Object.hasOwn(RPC_METHODS, name)) return undefined;
  const method = RPC_METHODS[name] as RpcMethod;
  if (profile.missing.has(method.endpoint) && !PATH_ONLY_GAPS.has(method.endpoint)) return undefined;
  return method;
}
