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

/** Deeper than this, the journal keeps a marker instead of the value (a body may nest thousands deep). */
export const MAX_JOURNAL_DEPTH = 64;
export const TOO_DEEP = `[nested deeper than ${MAX_JOURNAL_DEPTH} levels]`;

/**
 * A copy of a parsed body with every secret-named member, at any depth, replaced. Iterative and
 * bounded: the journal must never fail a request, and a 3,000-deep body overflowed the stack of
 * the recursive version after its write had been done.
 */
export function redactBody(value: unknown): unknown {
  const root: { value: unknown } = { value: undefined };
  const pending: Array<{
    source: unknown;
    into: Record<string, unknown> | unknown[];
    key: string | number;
    depth: number;
  }> = [{ source: value, into: root as Record<string, unknown>, key: 'value', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { source, into, key, depth } = next;
    const place = (copy: unknown) => {
      (into as Record<string | number, unknown>)[key] = copy;
    };
    if (source === null || typeof source !== 'object') {
      place(source);
    } else if (depth >= MAX_JOURNAL_DEPTH) {
      place(TOO_DEEP);
    } else if (Array.isArray(source)) {
      const copy: unknown[] = new Array(source.length);
      place(copy);
      source.forEach((item, index) => {
        pending.push({ source: item, into: copy, key: index, depth: depth + 1 });
      });
    } else {
      const copy: Record<string, unknown> = {};
      place(copy);
      for (const [name, member] of Object.entries(source)) {
        // Every key now, in the body's order; values are filled in as the stack reaches them.
        copy[name] = REDACTED;
        if (!SECRET_PARAM.test(name)) pending.push({ source: member, into: copy, key: name, depth: depth + 1 });
      }
    }
  }
  return root.value;
}
