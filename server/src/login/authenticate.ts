import { anonymousMayRead } from '../bugzilla/access.js';
import { errors } from '../bugzilla/errors.js';
import type { AuthPolicy } from '../profiles/auth-policy.js';
import type { PresentedCredentials } from './credentials.js';
import { ANONYMOUS, type IdentifyContext, type Identity, identify } from './identify.js';

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
  const requirelogin = !anonymousMayRead(context.store.instance.parameters);
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
