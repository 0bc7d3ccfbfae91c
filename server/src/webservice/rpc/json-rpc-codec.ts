import type { BodyParams } from '../../bugzilla/body-params.js';
import type { BugzillaError } from '../../bugzilla/errors.js';

/**
 * A JSON-RPC call as JSON::RPC::Legacy::Server (5.2's) reads it. `version` is its 1.1
 * marker: any true `version` member makes the call 1.1, else it is 1.0.
 */
export interface JsonRpcCall {
  version: '1.0' | '1.1';
  /** Echoed as sent (any JSON value); undefined when the call has none. */
  id: unknown;
  method: unknown;
  /** The `params` member as sent: 1.0 needs an array (its first item is the struct), 1.1 takes a struct too. */
  params: unknown;
}

/** The `version` a 1.0 call may carry without becoming 1.1 (Perl's false values). */
export function versionOf(version: unknown): '1.0' | '1.1' {
  return version === undefined ||
    version === null ||
    version === false ||
    version === 0 ||
    version === '' ||
    version === '0'
    ? '1.0'
    : '1.1';
}

/** The struct of named parameters inside a call's `params` (1.0's first item); anything else is none. */
export function namedParams(params: unknown): BodyParams {
  const struct = Array.isArray(params) ? params[0] : params;
  return typeof struct === 'object' && struct !== null && !Array.isArray(struct)
    ? (struct as BodyParams)
    : Object.create(null);
}

/**
 * A success as the server answers it: 1.1 `{"result", "version"}` (JSON::RPC sends no id there),
 * 1.0 `{"result", "error": null, "id"}`; a 1.0 call without an id is a notification and gets an
 * empty body.
 */
export function successBody(call: Pick<JsonRpcCall, 'version' | 'id'>, resultJson: string): string {
  if (call.version === '1.1') return `{"result":${resultJson},"version":"1.1"}`;
  if (call.id === undefined) return '';
  return `{"result":${resultJson},"error":null,"id":${JSON.stringify(call.id)}}`;
}

/**
 * An error as 5.2 answers it: the 1.1 object keeps JSON::RPC's `name`, 1.0's carries
 * `{code, message}` in `error` with `result: null` (an error to a 1.0 call without an id
 * is an empty body, as JSON::RPC sends it). Bugzilla's own codes as they are;
 * JSON::RPC's (< 1000) + 100000, as JSONRPC.pm's `_error` numbers them.
 */
export function errorBody(
  call: Pick<JsonRpcCall, 'version' | 'id'>,
  error: Pick<BugzillaError, 'code' | 'message'>,
): string {
  const { code, message } = error;
  if (call.version === '1.1') {
    const body: Record<string, unknown> = { version: '1.1', error: { name: 'JSONRPCError', code, message } };
    if (call.id !== undefined) body.id = call.id;
    return JSON.stringify(body);
  }
  if (call.id === undefined) return '';
  return JSON.stringify({ result: null, error: { code, message }, id: call.id });
}
