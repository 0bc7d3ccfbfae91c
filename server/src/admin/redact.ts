import type { IncomingHttpHeaders } from 'node:http';
import { REDACTED, redactParam } from '@bz-companion/shared';

/** Headers that carry credentials: Bugzilla's own, HTTP auth, cookies. */
const SECRET_HEADERS = new Set([
  'x-bugzilla-api-key',
  'x-bugzilla-token',
  'x-bugzilla-password',
  'authorization',
  'proxy-authorization',
  'cookie',
]);

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    redacted[name] = SECRET_HEADERS.has(name) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return redacted;
}

export function redactQuery(query: URLSearchParams): Record<string, string[]> {
  const redacted: Record<string, string[]> = {};
  for (const [name, value] of query) {
    const values = Object.hasOwn(redacted, name) ? (redacted[name] as string[]) : [];
    values.push(redactParam(name, value));
    redacted[name] = values;
  }
  return redacted;
}
