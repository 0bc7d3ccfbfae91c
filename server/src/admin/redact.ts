import type { IncomingHttpHeaders } from 'node:http';

export const REDACTED = '[REDACTED]';

/** Headers that carry credentials: Bugzilla's own, HTTP auth, cookies. */
const SECRET_HEADERS = new Set([
  'x-bugzilla-api-key',
  'x-bugzilla-token',
  'x-bugzilla-password',
  'authorization',
  'proxy-authorization',
  'cookie',
]);

/**
 * Parameter names that carry credentials, by their ending: `api_key` and
 * `Bugzilla_api_key`, `token`, `Bugzilla_token` and `Bugzilla_api_token`,
 * `password` and `Bugzilla_password`, in any letter case.
 */
const SECRET_PARAM = /(api_key|token|password)$/i;

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
    values.push(SECRET_PARAM.test(name) ? REDACTED : value);
    redacted[name] = values;
  }
  return redacted;
}

/** A copy of a parsed body with every secret-named member, at any depth, replaced. */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody);
  if (value === null || typeof value !== 'object') return value;
  const redacted: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    redacted[name] = SECRET_PARAM.test(name) ? REDACTED : redactBody(member);
  }
  return redacted;
}
