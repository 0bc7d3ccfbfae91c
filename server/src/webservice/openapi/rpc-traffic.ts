import type { BodyParams } from '../../bugzilla/body-params.js';
import type { Profile } from '../../profiles/profile.js';
import { callParts } from '../rpc/call-parts.js';
import { rpcMethod } from '../rpc/methods.js';
import { parseMethodCall } from '../rpc/xml-rpc-codec.js';
import type { Finding, TrafficValidator } from './traffic-validator.js';

/**
 * An XML-RPC or JSON-RPC call checked as the REST request it stands for: its params laid out
 * as REST sends them (callParts) against the method's endpoint; a JSON-RPC answer's result
 * (as REST dresses it) or error code too. An XML-RPC answer is not checked: its types
 * (dateTime, nulls left out) are XML-RPC's, not the description's.
 */
export function checkRpcCall(
  validator: TrafficValidator,
  profile: Profile,
  protocol: 'xmlrpc' | 'jsonrpc',
  requestText: string,
  answerText: string | undefined,
): Finding[] {
  const call = protocol === 'xmlrpc' ? xmlRpcCall(requestText) : jsonRpcCall(requestText);
  if (!call) return [];
  const method = rpcMethod(call.method, profile);
  const checks = method && validator.checksFor(method.endpoint);
  if (!method || !checks) return [];
  const parts = callParts(method, call.params);
  const findings = validator.checkRequest(checks, parts.pathId, parts.query, parts.body ?? undefined);
  if (protocol !== 'jsonrpc' || answerText === undefined) return findings;
  const answer = parseJson(answerText) as { result?: unknown; error?: { code?: unknown } | null } | undefined;
  if (answer?.error) return [...findings, ...validator.checkErrorCode(checks, answer.error.code)];
  // A method returning Perl's undef answers null over RPC: nothing there to hold to REST's shape.
  if (answer && 'result' in answer && method.perlReturns !== 'undef') {
    const result = method.perlReturns === 'scalar' ? { result: answer.result } : answer.result;
    findings.push(...validator.checkResponse(checks, Number(checks.success), result));
  }
  return findings;
}

function xmlRpcCall(text: string): { method: string; params: BodyParams } | undefined {
  try {
    return parseMethodCall(text);
  } catch {
    return undefined;
  }
}

function jsonRpcCall(text: string): { method: string; params: BodyParams } | undefined {
  const call = parseJson(text) as { method?: unknown; params?: unknown } | undefined;
  if (!call || typeof call.method !== 'string') return undefined;
  const params = Array.isArray(call.params) ? call.params[0] : call.params;
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params)))
    return undefined;
  return { method: call.method, params: (params ?? {}) as BodyParams };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
