import type { IncomingHttpHeaders } from 'node:http';
import { CREDENTIAL_HEADERS, REDACTED, redactParam } from '@bz-companion/shared';

const SECRET_HEADERS: ReadonlySet<string> = new Set(CREDENTIAL_HEADERS);

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
