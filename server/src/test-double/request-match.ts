import { isDeepStrictEqual } from 'node:util';
import { type ExchangeRequest, protocolOf } from '../import/recordings/recording.js';

/**
 * Whether a recorded request answers this one: the same method and path, the same
 * query and body as data (member order aside; credential values were removed from
 * both), the same credential headers by name, the same `If-None-Match` where the recording
 * kept one (a 304 answers only the revalidation it was sent for; recordings made before it was
 * kept answer either way). A JSON-RPC call's `id` is the client's counter, not part of the question.
 */
export function sameRequest(recorded: ExchangeRequest, asked: ExchangeRequest): boolean {
  return describeDifferences(recorded, asked).length === 0;
}

/** Each way the two differ, as a phrase (`query ids: recorded ["1"], asked ["2"]`); empty when they match. */
export function describeDifferences(recorded: ExchangeRequest, asked: ExchangeRequest): string[] {
  const differences: string[] = [];
  if (recorded.method !== asked.method) differences.push(`method: recorded ${recorded.method}`);
  if (recorded.path !== asked.path) differences.push(`path: recorded ${recorded.path}`);
  const jsonRpc = protocolOf(asked.path) === 'jsonrpc';
  compareMembers('query ', withoutId(recorded.query, jsonRpc), withoutId(asked.query, jsonRpc), differences);
  const recordedBody = jsonRpc ? withoutId(recorded.body, true) : recorded.body;
  const askedBody = jsonRpc ? withoutId(asked.body, true) : asked.body;
  if (isObject(recordedBody) && isObject(askedBody)) compareMembers('body ', recordedBody, askedBody, differences);
  else if (!isDeepStrictEqual(recordedBody, askedBody)) {
    differences.push(`body: recorded ${shown(recordedBody)}, asked ${shown(askedBody)}`);
  }
  if ((recorded.body_text ?? '') !== (asked.body_text ?? '')) differences.push('body text');
  const recordedHeaders = [...recorded.credential_headers].sort();
  const askedHeaders = [...asked.credential_headers].sort();
  if (!isDeepStrictEqual(recordedHeaders, askedHeaders)) {
    differences.push(`credential headers: recorded ${shown(recordedHeaders)}, asked ${shown(askedHeaders)}`);
  }
  if ('if_none_match' in recorded && recorded.if_none_match !== asked.if_none_match) {
    differences.push(`If-None-Match: recorded ${shown(recorded.if_none_match)}, asked ${shown(asked.if_none_match)}`);
  }
  return differences;
}

/** Member by member, one level down (an RPC call's `params` one more): where they differ, and how. */
function compareMembers(
  where: string,
  recorded: Record<string, unknown>,
  asked: Record<string, unknown>,
  differences: string[],
): void {
  for (const name of new Set([...Object.keys(recorded), ...Object.keys(asked)])) {
    const was = recorded[name];
    const is = asked[name];
    if (isDeepStrictEqual(was, is)) continue;
    const at = `${where}${name}`;
    if (name === 'params' && isObject(was) && isObject(is)) compareMembers(`${where}params.`, was, is, differences);
    else if (was === undefined) differences.push(`${at}: not in the recording (asked ${shown(is)})`);
    else if (is === undefined) differences.push(`${at}: recorded ${shown(was)}, not asked`);
    else differences.push(`${at}: recorded ${shown(was)}, asked ${shown(is)}`);
  }
}

function withoutId<T>(value: T, drop: boolean): T {
  if (!drop || !isObject(value) || !('id' in value)) return value;
  const { id: _id, ...rest } = value;
  return rest as T;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
