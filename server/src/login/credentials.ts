import type { IncomingHttpHeaders } from 'node:http';
import type { BodyParams } from '../bugzilla/body-params.js';
import type { CredentialRules } from '../profiles/profile.js';

/** The one credential a request is judged by (the first present in Bugzilla's login stack). */
export type Credential =
  | { kind: 'password'; login: string; password: string }
  | { kind: 'token'; userId: number; secret: string }
  | { kind: 'api-key'; key: string }
  | { kind: 'none' };

export interface PresentedCredentials {
  credential: Credential;
  /**
   * `Bugzilla_login` was sent (or `login` with `password`): 5.2 then logs in even
   * for methods that otherwise never look at credentials (version, timezone, login).
   */
  loginNamed: boolean;
}

export interface CredentialSource {
  method: string;
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  body: BodyParams | null;
}

/** The values, by Bugzilla's long parameter name, after its `fix_credentials`. */
interface Named {
  Bugzilla_login?: string | undefined;
  Bugzilla_password?: string | undefined;
  Bugzilla_token?: string | undefined;
  Bugzilla_api_key?: string | undefined;
}

const HEADERS: ReadonlyArray<[string, keyof Named]> = [
  ['x-bugzilla-login', 'Bugzilla_login'],
  ['x-bugzilla-password', 'Bugzilla_password'],
  ['x-bugzilla-token', 'Bugzilla_token'],
  ['x-bugzilla-api-key', 'Bugzilla_api_key'],
];

/**
 * What credentials a request presents, read as the profile's tracker reads them:
 * query before body (5.2 copies query parameters over the body's), the short
 * names (`login`+`password`, `token`, `api_key`) renamed, the headers where
 * the tracker reads them, then the first of password, token, API key.
 */
export function presentedCredentials(source: CredentialSource, rules: CredentialRules): PresentedCredentials {
  // Most requests carry nothing to look at; skip the reading (it runs on every API request).
  if (source.query.size === 0 && source.body === null && !mayCarryCredentials(source.headers, rules)) return NOTHING;
  const named = fromHeaders(source.headers, rules, fromParams(source, rules));
  const loginNamed = named.Bugzilla_login !== undefined;
  if (named.Bugzilla_login !== undefined && named.Bugzilla_password !== undefined) {
    return {
      loginNamed,
      credential: { kind: 'password', login: named.Bugzilla_login.trim(), password: named.Bugzilla_password },
    };
  }
  const cookie = rules.cookieTokenOnWrite && isWrite(source.method) ? cookieToken(source.headers.cookie) : undefined;
  const token = cookie ?? parseToken(named.Bugzilla_token);
  if (token) return { loginNamed, credential: { kind: 'token', userId: token.userId, secret: token.secret } };
  const key = named.Bugzilla_api_key?.trim();
  if (key) return { loginNamed, credential: { kind: 'api-key', key } };
  return { loginNamed, credential: { kind: 'none' } };
}

/** What Perl makes of a list where it expects a string. */
const PERL_LIST = 'ARRAY(0x55d0c8a1e2f8)';

const NOTHING: PresentedCredentials = { loginNamed: false, credential: { kind: 'none' } };

function mayCarryCredentials(headers: IncomingHttpHeaders, rules: CredentialRules): boolean {
  if (rules.cookieTokenOnWrite && headers.cookie !== undefined) return true;
  if (rules.headers === 'ignored') return false;
  if (rules.bearer && headers.authorization !== undefined) return true;
  return HEADERS.some(([header]) => headers[header] !== undefined);
}

function fromParams({ query, body }: CredentialSource, rules: CredentialRules): Named {
  // A key in a header alone (the extension's case): seven `getAll`s on an empty query cost more than the rest.
  if (query.size === 0 && body === null) return {};
  const read = (name: string): string | undefined => {
    const fromQuery = query.getAll(name);
    if (fromQuery.length > 1 && rules.repeatedIsList) return PERL_LIST;
    if (fromQuery.length > 0) return fromQuery[0];
    if (!body || !Object.hasOwn(body, name)) return undefined;
    return Array.isArray(body[name]) && rules.repeatedIsList ? PERL_LIST : asText(body[name]);
  };
  const prefer = (long: string, short: string) => {
    const [longValue, shortValue] = [read(long), read(short)];
    if (shortValue === undefined) return longValue;
    // An empty value counts as absent (the contract; 5.2 trims and ignores it too).
    return rules.shortNameWins || !longValue?.trim() ? shortValue : longValue;
  };
  const named: Named = {
    Bugzilla_login: read('Bugzilla_login'),
    Bugzilla_password: read('Bugzilla_password'),
    Bugzilla_token: prefer('Bugzilla_token', 'token'),
    Bugzilla_api_key: prefer('Bugzilla_api_key', 'api_key'),
  };
  // `login` and `password` count only together (a lone `login` is e.g. valid_login's argument).
  if (read('login') !== undefined && read('password') !== undefined) {
    named.Bugzilla_login = prefer('Bugzilla_login', 'login');
    named.Bugzilla_password = prefer('Bugzilla_password', 'password');
  }
  return named;
}

function fromHeaders(headers: IncomingHttpHeaders, rules: CredentialRules, named: Named): Named {
  if (rules.headers === 'ignored') return named;
  // `named` is this request's own object (fromParams makes a new one): filled in place, not copied.
  for (const [header, name] of HEADERS) {
    let value = asText(headers[header]);
    if (!value && name === 'Bugzilla_api_key') value = bearerToken(headers.authorization, rules);
    if (!value) continue;
    if (rules.headers === 'before-params' || named[name] === undefined) named[name] = safeDecode(value);
  }
  return named;
}

/** `<user id>-<secret>`; anything else is no token at all (5.2 then goes on to the API key). */
function parseToken(value: string | undefined): { userId: number; secret: string } | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const dash = text.indexOf('-');
  const [id, secret] = dash < 0 ? [text, ''] : [text.slice(0, dash), text.slice(dash + 1)];
  if (!/^\d+$/.test(id) || secret === '') return undefined;
  return { userId: Number(id), secret };
}

/** 5.2 takes the login cookies as a token on POST and PUT only (its REST server ignores them on GET). */
function cookieToken(header: string | undefined): { userId: number; secret: string } | undefined {
  if (!header) return undefined;
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const id = cookies.get('Bugzilla_login');
  const secret = cookies.get('Bugzilla_logincookie');
  return id && secret ? parseToken(`${id}-${secret}`) : undefined;
}

function isWrite(method: string): boolean {
  return method === 'POST' || method === 'PUT';
}

function asText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (typeof first === 'number') return String(first);
  return undefined;
}

function bearerToken(authorization: string | undefined, rules: CredentialRules): string | undefined {
  if (!rules.bearer || authorization === undefined) return undefined;
  return /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
}

/** Headers carry URI-escaped values in master and BMO (`uri_unescape`). */
function safeDecode(value: string): string {
  // Keys and tokens are plain ASCII: most never hold an escape, and decodeURIComponent is not free.
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
