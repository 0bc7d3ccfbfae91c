import type { BodyParams } from '../../bugzilla/body-params.js';
import { EMPTY_QUERY } from '../method/run-endpoint.js';
import type { RpcMethod } from './methods.js';

/** What an RPC call's params struct becomes for the method's handler: the parts a REST request has. */
export interface CallParts {
  pathId: string | undefined;
  query: URLSearchParams;
  body: BodyParams | null;
}

/**
 * Lays the params struct out as REST would have sent the same call: a GET method's
 * parameters as a query (a list as a repeated name, as 5.2's REST reads `?ids=1&ids=2`),
 * a POST method's as its JSON body, and the member REST puts in the path as the path's id.
 * So each handler reads its parameters one way whichever protocol the client speaks.
 */
export function callParts(method: RpcMethod, params: BodyParams): CallParts {
  const pathValue = method.pathParam === undefined ? undefined : params[method.pathParam];
  const pathId = pathValue === undefined || pathValue === null ? undefined : scalarText(pathValue);
  if (method.params === 'body') return { pathId, query: EMPTY_QUERY, body: params };
  let query: URLSearchParams | undefined;
  for (const name of Object.keys(params)) {
    const value = params[name];
    // Perl's undef: a parameter that is undef is not there, but an undef in a list is one of its
    // elements, empty (as REST's `?ids=` sends it), which the method refuses as 5.2 does (`ids: [null]`: 100).
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      query ??= new URLSearchParams();
      query.append(name, item === null || item === undefined ? '' : scalarText(item));
    }
  }
  return { pathId, query: query ?? EMPTY_QUERY, body: null };
}

/** A parameter's value as Perl would stringify it (JSON true and false are 1 and 0 there). */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}
