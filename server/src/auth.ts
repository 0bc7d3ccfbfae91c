import type { IncomingHttpHeaders } from 'node:http';
import { errors } from './errors.js';
import type { BodyParams } from './http/read-body.js';
import type { Store } from './store/store.js';
import type { User } from './store/types.js';

/** How a method treats credentials (Bugzilla 5.2's per-method rules, plus the contract's). */
export type AuthPolicy =
  /** version, timezone: credentials are never looked at, even a bad key. */
  | 'ignore'
  /** parameters: a bad key is an error, none is fine even with requirelogin. */
  | 'optional'
  /** extensions, time, last_audit_time: anonymous is fine unless requirelogin is "1". */
  | 'optional-unless-requirelogin'
  /** last visits, whoami: acts for the current user, so one is needed. */
  | 'required';

const KEY_PARAMS = ['Bugzilla_api_key', 'api_key'] as const;

/** Trimmed, as 5.2's APIKey login does (`trim`): a key of only spaces is no key. */
function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const key = typeof first === 'string' ? first.trim() : '';
  return key !== '' ? key : undefined;
}

/**
 * The API key a request presents, from the first place that has one:
 * X-BUGZILLA-API-KEY (BMO, 5.1+), Authorization: Bearer (Red Hat), then the
 * query string, then the body (5.2), Bugzilla_api_key before api_key.
 * Cookies are never read: no ambient credential authenticates.
 */
export function presentedApiKey(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  body: BodyParams | null,
): string | undefined {
  const header = firstString(headers['x-bugzilla-api-key']);
  if (header) return header;
  const bearer = /^\s*Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  for (const name of KEY_PARAMS) {
    const value = firstString(query.get(name) ?? undefined);
    if (value) return value;
  }
  if (body) {
    for (const name of KEY_PARAMS) {
      const value = Object.hasOwn(body, name) ? firstString(body[name]) : undefined;
      if (value) return value;
    }
  }
  return undefined;
}

/** The current user under `policy`, or the Bugzilla error that stops the request. */
export function authenticate(store: Store, policy: AuthPolicy, apiKey: string | undefined): User | undefined {
  if (policy === 'ignore') return undefined;
  let user: User | undefined;
  if (apiKey !== undefined) {
    const found = store.findApiKey(apiKey);
    if (!found) throw errors.invalidApiKey();
    if (found.revoked) throw errors.revokedApiKey();
    if (found.user.disabled) {
      const parameters = store.instance.parameters;
      throw errors.accountDisabled(
        found.user.disabledText || 'This account has been disabled.',
        parameters.maintainer ?? '',
      );
    }
    user = found.user;
  }
  if (user) return user;
  if (policy === 'required') throw errors.loginRequired();
  if (policy === 'optional-unless-requirelogin' && store.instance.parameters.requirelogin === '1') {
    throw errors.loginRequired();
  }
  return undefined;
}
