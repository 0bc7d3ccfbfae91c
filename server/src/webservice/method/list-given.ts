import type { ApiRequest } from './route.js';

/**
 * Whether the request gave the list parameter `name` at all, as 5.2's `defined $params->{ids}` asks:
 * one element or more in the query, or an RPC call's empty list (`ids: []`, which asks for nothing
 * and is no missing parameter: WebService/Bug.pm's get, history, comments and attachments).
 */
export function listGiven(request: ApiRequest, name: string): boolean {
  return request.query.has(name) || request.emptyLists?.has(name) === true;
}
