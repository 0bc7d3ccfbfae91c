import { CREDENTIAL_HEADERS, isSecretParam, REDACTED, redactJson } from '@bz-companion/shared';
import { parseMethodCall, parseMethodResponse } from '../../webservice/rpc/xml-rpc-codec.js';

/** Which envelope an exchange used: a miss is answered in the same one. */
export type Protocol = 'rest' | 'xmlrpc' | 'jsonrpc' | 'page';

/** What a replayed request is matched on: everything a tracker's answer depends on but credential values. */
export interface ExchangeRequest {
  method: string;
  path: string;
  /** Every query parameter, repeated ones in order; credentials read "[REDACTED]". */
  query: Record<string, string[]>;
  /**
   * The body as data: JSON parsed, form fields as lists, XML-RPC as `{methodName, params}`;
   * credentials "[REDACTED]". null without a body; `body_text` holds any other body.
   */
  body: unknown;
  body_text?: string;
  /** Credential headers the request carried, by name (values never kept): they may change the answer. */
  credential_headers: string[];
  /**
   * The `If-None-Match` the request carried (an ETag the tracker gave, no credential): a browser
   * revalidates what it cached, and the tracker's 304 answers only that. Absent when it had none.
   */
  if_none_match?: string;
}

export interface ExchangeResponse {
  status: number;
  /**
   * Only the Content-Type and the ETag (what a browser sends back as `If-None-Match`): the rest is
   * transport, cookies are credentials.
   */
  headers: Record<string, string>;
  /** A JSON answer, parsed, credentials "[REDACTED]"; otherwise `body_text`. */
  body?: unknown;
  body_text?: string;
}

/** One exchange with the real tracker, as `serve --record` writes it (one file each). */
export interface Recording {
  protocol: Protocol;
  recorded_at: string;
  request: ExchangeRequest;
  response: ExchangeResponse;
}

export function protocolOf(path: string): Protocol {
  if (path === '/xmlrpc.cgi') return 'xmlrpc';
  if (path === '/jsonrpc.cgi') return 'jsonrpc';
  return path.startsWith('/rest/') || path.startsWith('/rest.cgi/') ? 'rest' : 'page';
}

/** The request's parts as they arrive, before anything is kept. */
export interface RawRequest {
  method: string;
  path: string;
  querystring: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RawResponse {
  status: number;
  contentType: string | undefined;
  etag?: string | undefined;
  body: Buffer;
}

/**
 * The request as a recording keeps it and replay matches it, with every credential
 * value gone; `secrets` receives each value removed, for the final check.
 */
export function requestData(raw: RawRequest, secrets: Set<string> = new Set()): ExchangeRequest {
  const protocol = protocolOf(raw.path);
  const query: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(raw.querystring)) {
    const kept = isSecretParam(name)
      ? secretValue(value, secrets)
      : protocol === 'jsonrpc' && name === 'params'
        ? redactJsonText(value, secrets)
        : value;
    query[name] = [...(query[name] ?? []), kept];
  }
  const credentialHeaders: string[] = [];
  for (const name of CREDENTIAL_HEADERS) {
    const value = raw.headers[name];
    if (value === undefined) continue;
    if (name !== 'cookie' || carriesLoginCookie(value)) credentialHeaders.push(name);
    for (const one of ([] as string[]).concat(value)) collectHeaderSecrets(name, one, secrets);
  }
  const request: ExchangeRequest = {
    method: raw.method,
    path: raw.path,
    query,
    body: null,
    credential_headers: credentialHeaders,
  };
  const ifNoneMatch = raw.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string') request.if_none_match = ifNoneMatch;
  if (raw.body.length === 0) return request;
  const text = raw.body.toString('utf8');
  const data = bodyData(protocol, contentTypeOf(raw.headers['content-type']), text);
  if (data === undefined) request.body_text = text;
  else request.body = redactCollecting(data, secrets);
  return request;
}

/** The answer as a recording keeps it: JSON as data, other bodies as text, credentials removed from both. */
export function responseData(raw: RawResponse, protocol: Protocol, secrets: Set<string>): ExchangeResponse {
  const response: ExchangeResponse = { status: raw.status, headers: {} };
  if (raw.contentType) response.headers['content-type'] = raw.contentType;
  if (raw.etag) response.headers.etag = raw.etag;
  const text = raw.body.toString('utf8');
  const json = /json|javascript/i.test(raw.contentType ?? '') ? parseJson(text) : undefined;
  if (json !== undefined) {
    response.body = redactCollecting(json, secrets);
    return response;
  }
  // An XML-RPC answer is kept as sent (its types matter); a token in it is found by reading it as data.
  if (protocol === 'xmlrpc') {
    try {
      redactCollecting(parseMethodResponse(text), secrets);
    } catch {
      // Not a methodResponse (an error page): kept as it is, and checked like any other.
    }
  }
  response.body_text = replaceAll(text, secrets);
  return response;
}

/** The first credential still in a recording (the caller refuses it), or undefined. */
export function leftoverSecret(recording: Recording, secrets: ReadonlySet<string>): string | undefined {
  const text = JSON.stringify(recording);
  for (const secret of secrets) {
    if (secret.length >= 4 && text.includes(secret)) return secret;
  }
  return undefined;
}

function bodyData(protocol: Protocol, contentType: string, text: string): unknown {
  if (protocol === 'xmlrpc') {
    try {
      const call = parseMethodCall(text);
      return { methodName: call.method, params: call.params };
    } catch {
      return undefined;
    }
  }
  if (contentType === 'application/x-www-form-urlencoded') {
    const form: Record<string, string[]> = {};
    for (const [name, value] of new URLSearchParams(text)) form[name] = [...(form[name] ?? []), value];
    return form;
  }
  return parseJson(text);
}

function contentTypeOf(header: string | string[] | undefined): string {
  return String(header ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() as string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function secretValue(value: string, secrets: Set<string>): string {
  if (value !== '') secrets.add(value);
  return REDACTED;
}

function redactJsonText(text: string, secrets: Set<string>): string {
  const data = parseJson(text);
  return data === undefined ? text : JSON.stringify(redactCollecting(data, secrets));
}

/**
 * Bugzilla sets Bugzilla_login_request_cookie on every answer (the login form's anti-forgery
 * token, not a login), so a client with a cookie jar sends it back on every later request. A Cookie
 * header holding only that cookie is no credential to match on: a replay, which sets no cookie,
 * would otherwise miss every request after the first. Its value still counts as a secret.
 */
const NOT_A_LOGIN_COOKIE = 'Bugzilla_login_request_cookie';

function carriesLoginCookie(value: string | string[]): boolean {
  return ([] as string[])
    .concat(value)
    .flatMap((one) => one.split(';'))
    .some((pair) => {
      const name = pair.slice(0, pair.includes('=') ? pair.indexOf('=') : undefined).trim();
      return name !== '' && name !== NOT_A_LOGIN_COOKIE;
    });
}

function collectHeaderSecrets(name: string, value: string, secrets: Set<string>): void {
  if (name === 'cookie') {
    for (const pair of value.split(';')) {
      const cookie = pair.slice(pair.indexOf('=') + 1).trim();
      if (cookie !== '') secrets.add(cookie);
    }
  } else if (name === 'authorization' || name === 'proxy-authorization') {
    secrets.add(value.replace(/^\S+\s+/, ''));
  } else if (name !== 'x-bugzilla-login' && value !== '') {
    secrets.add(value);
  }
}

/** redactJson, also noting each value it removes. */
function redactCollecting(data: unknown, secrets: Set<string>): unknown {
  const pending: unknown[] = [data];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== 'object') continue;
    for (const [name, value] of Object.entries(next)) {
      if (isSecretParam(name) && (typeof value === 'string' || typeof value === 'number') && value !== '') {
        secrets.add(String(value));
      } else {
        pending.push(value);
      }
    }
  }
  return redactJson(data);
}

function replaceAll(text: string, secrets: ReadonlySet<string>): string {
  let result = text;
  for (const secret of secrets) if (secret.length >= 4) result = result.split(secret).join(REDACTED);
  return result;
}
