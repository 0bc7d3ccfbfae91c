import { parseMethodCall, parseMethodResponse } from '../src/webservice/rpc/xml-rpc-codec.js';
import { comparable, type RecordedCase } from './recordings.js';

/*
 * Recorded RPC answers (XML-RPC, JSON-RPC, JSONP) as values to compare with ours, times, update
 * tokens and Perl's own texts aside: what every replay of recorded 5.2 RPC cases compares.
 */

/**
 * An XML-RPC answer as a value: Perl's own texts (Client faults, crashes) set aside, the result
 * compared as a JSON answer is (times, update tokens, key order aside).
 */
function xmlComparable(status: number, text: string, unordered: boolean): unknown {
  // The recordings write the install directory as <BUGZILLA_DIR>, which is no XML.
  const answer = parseMethodResponse(text.replaceAll('<BUGZILLA_DIR>', 'BUGZILLA_DIR'));
  if ('fault' in answer) {
    const { faultCode, faultString } = answer.fault;
    const perlText = faultCode === 'Client' || faultCode === -32000;
    return { status, fault: { faultCode, faultString: perlText ? '<perl text>' : faultString } };
  }
  const result = JSON.stringify(maskXmlTimes(answer.result) ?? null);
  return { status, result: (comparable(status, result, { unordered }) as { body: unknown }).body };
}

function maskXmlTimes(value: unknown): unknown {
  if (typeof value === 'string') return /^\d{8}T\d\d:\d\d:\d\d$/.test(value) ? '<time>' : value;
  if (Array.isArray(value)) return value.map(maskXmlTimes);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskXmlTimes(item)]));
  }
  return value;
}

/** Any answer as a value: XML-RPC, JSONP (its function name kept), JSON, or JSON::RPC's "No data.". */
export function rpcComparable(status: number, text: string, unordered: boolean): unknown {
  if (text.startsWith('<?xml')) return xmlComparable(status, text, unordered);
  // Under mod_perl Apache's own 403 page follows JSON::RPC's text.
  if (text.startsWith('No data.')) return { status, body: 'No data.' };
  const jsonp = /^\/\*\*\/([^(]+)\(([\s\S]*)\)$/.exec(text);
  if (jsonp) return { jsonp: jsonp[1], ...(comparable(status, jsonp[2] as string) as object) };
  const answer = comparable(status, text) as { body: { result?: unknown } | null };
  if (unordered && answer.body?.result) {
    const result = JSON.stringify(answer.body.result);
    answer.body.result = (comparable(status, result, { unordered }) as { body: unknown }).body;
  }
  return answer;
}

/** A Bug.search with no id and no limit: 5.2 answers in the database's order, so bugs are compared by id. */
export function isUnorderedRpcSearch(recorded: RecordedCase): boolean {
  const { path, body = '' } = recorded.request;
  let call: { method?: unknown; params?: unknown };
  try {
    if (path.startsWith('/xmlrpc.cgi')) call = parseMethodCall(body);
    else if (path.startsWith('/jsonrpc.cgi?')) {
      const query = new URLSearchParams(path.slice(path.indexOf('?')));
      call = { method: query.get('method'), params: JSON.parse(query.get('params') ?? '[{}]') };
    } else call = JSON.parse(body) as typeof call;
  } catch {
    return false;
  }
  const { method, params } = call;
  const struct = (Array.isArray(params) ? params[0] : params) as Record<string, unknown> | undefined;
  return method === 'Bug.search' && !!struct && !('id' in struct) && !('limit' in struct);
}
