import type { EndpointKey } from '@bz-companion/shared';
import type { Profile } from '../../profiles/profile.js';
import { CATALOGUE_METHODS } from './catalogue-methods.js';
import type { RpcMethod } from './rpc-method.js';

export type { RpcMethod } from './rpc-method.js';

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
  'Bug.attachments': { endpoint: 'GET /rest/bug/{id}/attachment', params: 'query', readOnly: true },
  'Bug.add_attachment': {
    endpoint: 'POST /rest/bug/{id}/attachment',
    params: 'body',
    readOnly: false,
    bytesParams: ['data'],
  },
  'Bug.update_attachment': { endpoint: 'PUT /rest/bug/attachment/{id}', params: 'body', readOnly: false },
  'Bug.update_comment_tags': {
    endpoint: 'PUT /rest/bug/comment/{id}/tags',
    params: 'body',
    pathParam: 'comment_id',
    readOnly: false,
  },
  'Bug.search_comment_tags': { endpoint: 'GET /rest/bug/comment/tags/{id}', params: 'query', readOnly: false },
  'Bug.render_comment': { endpoint: 'POST /rpc/Bug.render_comment', params: 'body', readOnly: false },
  'Bug.update_tags': { endpoint: 'POST /rpc/Bug.update_tags', params: 'body', readOnly: false },
  'Bug.update_see_also': { endpoint: 'POST /rpc/Bug.update_see_also', params: 'body', readOnly: false },
  'Bug.possible_duplicates': { endpoint: 'POST /rpc/Bug.possible_duplicates', params: 'body', readOnly: false },
  // Its ids are in the params struct (REST's path id is one of them).
  'Bug.update': { endpoint: 'PUT /rest/bug/{id}', params: 'body', readOnly: false },
  'Bug.create': { endpoint: 'POST /rest/bug', params: 'body', readOnly: false },
  'User.login': { endpoint: 'GET /rest/login', params: 'query', readOnly: false },
  'User.logout': { endpoint: 'GET /rest/logout', params: 'query', readOnly: false, perlReturns: 'undef' },
  'User.valid_login': { endpoint: 'GET /rest/valid_login', params: 'query', readOnly: false, perlReturns: 'scalar' },
  // BMO's User.whoami; 5.2 has no such method (the profile's missing endpoints say which).
  'User.whoami': { endpoint: 'GET /rest/whoami', params: 'query', readOnly: true },
  ...CATALOGUE_METHODS,
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
