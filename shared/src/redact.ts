/**
 * Credentials kept out of logs, journals and error messages: one rule for every place that
 * shows a request (the client's errors, the server's request log and request journal).
 */

export const REDACTED = '[REDACTED]';

/**
 * Parameter names that carry credentials, by their ending: `api_key` and `Bugzilla_api_key`,
 * `token`, `Bugzilla_token` and `Bugzilla_api_token`, `password` and `Bugzilla_password`, in
 * any letter case.
 */
const SECRET_PARAM = /(api_key|token|password)$/i;

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name);
}

/**
 * Request headers that carry credentials: Bugzilla's own (the login with its password), HTTP
 * authentication, cookies (Bugzilla's login cookie). The request journal shows none of their
 * values; a recording keeps which of them a request sent and none of their secrets.
 */
export const CREDENTIAL_HEADERS: readonly string[] = [
  'x-bugzilla-api-key',
  'x-bugzilla-token',
  'x-bugzilla-login',
  'x-bugzilla-password',
  'authorization',
  'proxy-authorization',
  'cookie',
];

/** Deeper than this, a redacted copy keeps a marker instead of the value (a body may nest thousands deep). */
export const MAX_REDACT_DEPTH = 64;
export const TOO_DEEP = `[nested deeper than ${MAX_REDACT_DEPTH} levels]`;

/**
 * A copy of parsed JSON with every secret-named member, at any depth, replaced, and JSON held in
 * a string (a form value) redacted too. Iterative and bounded: a 3,000-deep body overflowed the
 * stack of a recursive version.
 */
export function redactJson(value: unknown): unknown {
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
    if (typeof source === 'string') {
      place(redactQueryValue(source));
    } else if (source === null || typeof source !== 'object') {
      place(source);
    } else if (depth >= MAX_REDACT_DEPTH) {
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
        // Every key now, in the source's order; values are filled in as the stack reaches them.
        copy[name] = REDACTED;
        if (!isSecretParam(name)) pending.push({ source: member, into: copy, key: name, depth: depth + 1 });
      }
    }
  }
  return root.value;
}

/**
 * A query or form value as it may be shown: JSON-RPC over GET sends its whole call, credentials
 * included, as JSON in `params`, so a value that parses as a JSON array or object is shown
 * redacted. Anything else is shown as sent.
 */
export function redactQueryValue(value: string): string {
  const first = value.trimStart()[0];
  if (first !== '{' && first !== '[') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  return JSON.stringify(redactJson(parsed));
}

/** The query's value for `name` as it may be shown. */
export function redactParam(name: string, value: string): string {
  return isSecretParam(name) ? REDACTED : redactQueryValue(value);
}

/** A URL with its credential parameters, and any credential inside JSON in its query, replaced. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/((?:^|[?&])(?:Bugzilla_)?(?:api_key|token|password)=)[^&#]*/gi, `$1${REDACTED}`);
  }
  const shown = new URLSearchParams();
  let changed = false;
  for (const [name, value] of parsed.searchParams) {
    const redacted = redactParam(name, value);
    if (redacted !== value) changed = true;
    shown.append(name, redacted);
  }
  // Untouched, the URL keeps its own encoding.
  if (changed) parsed.search = shown.toString();
  return parsed.toString();
}
