import type { IncomingHttpHeaders } from 'node:http';
import type { BodyParams } from '../../bugzilla/body-params.js';
import { clientIp } from '../../http/client-ip.js';
import { applyFieldFilter, bodyFieldFilter, readFieldFilter } from '../../http/field-filter.js';
import { PreparedJson } from '../../http/prepared-json.js';
import { EndpointRequest } from '../method/endpoint-request.js';
import type { RouteDeps } from '../method/route.js';
import { EMPTY_QUERY, type RunState, runEndpoint } from '../method/run-endpoint.js';
import { checkValueCounts } from '../method/work-bounds.js';
import { endpointFor } from '../rest/api-router.js';
import { callParts } from './call-parts.js';
import type { RpcMethod } from './methods.js';

const RPC_POST = { kind: 'rpc-post' } as const;

/** What an RPC call needs of its HTTP request (Koa's context, read lazily for the origin). */
export interface RpcArrival {
  readonly protocol: string;
  readonly host: string;
  readonly req: { socket: { remoteAddress?: string | undefined } };
  /** The URL's query (JSON-RPC over GET: the names beside `method` and `params`). */
  readonly querystring?: string;
}

/**
 * Runs one RPC method through the same steps as its REST endpoint (runEndpoint:
 * credentials, login, the handler), with the params struct laid out as REST sends it,
 * and narrows the answer by include_fields/exclude_fields as REST does. Resolves to the
 * method's result as a plain value, for the protocol to encode.
 */
export async function callMethod(
  method: RpcMethod,
  params: BodyParams,
  deps: RouteDeps,
  arrival: RpcArrival,
  httpMethod: string,
  headers: IncomingHttpHeaders,
  state: RunState,
): Promise<unknown> {
  const endpoint = endpointFor(method.endpoint, deps.profile);
  // Before the struct is laid out as a query, which flattens what it holds.
  checkValueCounts(EMPTY_QUERY, params, endpoint.bounds.values);
  const { pathId, query, body, emptyLists } = callParts(method, params);
  const ip = clientIp(arrival.req.socket.remoteAddress);
  const transport =
    httpMethod === 'GET' ? { kind: 'rpc-get' as const, url: new URLSearchParams(arrival.querystring ?? '') } : RPC_POST;
  const request = new EndpointRequest(arrival, deps, ip, pathId, query, body, deps.clock.now(), undefined, transport);
  request.emptyLists = emptyLists;
  const answer = await runEndpoint(endpoint, deps, request, httpMethod, headers, state);
  if (method.perlReturns === 'undef') return null;
  const value = answer instanceof PreparedJson ? answer.value : answer;
  if (method.perlReturns === 'scalar') return (value as { result: unknown }).result;
  if (endpoint.spec.fieldsApplied) return value;
  const filter = body ? bodyFieldFilter(body, query) : readFieldFilter(query);
  return filter ? applyFieldFilter(value, filter, endpoint.spec.filterInside) : value;
}
