import { errors } from './errors.js';
import type { PresentedCredentials } from './login/credentials.js';
import { ANONYMOUS, type IdentifyContext, type Identity, identify } from './login/identify.js';

/** How a method treats credentials (Bugzilla 5.2's per-method rules, plus the contract's). */
export type AuthPolicy =
  /** version, timezone, login: login-exempt; credentials are looked at only when `Bugzilla_login` is sent. */
  | 'ignore'
  /** parameters: a bad credential is an error, none is fine even with requirelogin. */
  | 'optional'
  /** extensions, time, last_audit_time: anonymous is fine unless requirelogin is "1". */
  | 'optional-unless-requirelogin'
  /** last visits, whoami (contract): acts for the current user, so one is needed. */
  | 'required';

/**
 * Who the request runs as under `policy`, or the Bugzilla error that stops it.
 * Synchronous unless a password has to be checked.
 */
export function authenticate(
  presented: PresentedCredentials,
  policy: AuthPolicy,
  context: IdentifyContext,
): Identity | Promise<Identity> {
  // 5.2's handle_login: a login-exempt method logs in only when Bugzilla_login is sent.
  if (policy === 'ignore' && !presented.loginNamed) return ANONYMOUS;
  const identity = identify(presented.credential, context);
  const requirelogin = context.store.instance.parameters.requirelogin === '1';
  return identity instanceof Promise
    ? identity.then((found) => checkRequired(found, policy, requirelogin))
    : checkRequired(identity, policy, requirelogin);
}

function checkRequired(identity: Identity, policy: AuthPolicy, requirelogin: boolean): Identity {
  if (identity.user) return identity;
  if (policy === 'required' || (policy === 'optional-unless-requirelogin' && requirelogin)) {
    throw errors.loginRequired();
  }
  return identity;
}
