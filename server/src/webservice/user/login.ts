import type { LoginResult } from '@bz-companion/shared';
import { errors } from '../../bugzilla/errors.js';
import { perlTrue } from '../../bugzilla/perl-truth.js';
import { generateTokenSecret } from '../../bugzilla/user/login-tokens.js';
import { StoreWriteError } from '../../stores/committer.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

/** 5.2's MAX_LOGINCOOKIE_AGE: a token unused this long dies at the next login of anybody. */
const TOKEN_MAX_IDLE_SECONDS = 30 * 24 * 60 * 60;

function param(request: ApiRequest, name: string): unknown {
  const fromQuery = request.query.get(name);
  if (fromQuery !== null) return fromQuery;
  return request.body && Object.hasOwn(request.body, name) ? request.body[name] : undefined;
}

/**
 * `GET /rest/login`: a password login hands out a new token `<id>-<secret>`
 * (stored hashed). Already logged in another way: the id alone, as 5.2 does.
 */
async function login(request: ApiRequest, { store, clock }: RouteDeps): Promise<LoginResult> {
  const { identity } = request;
  if (!identity.user) {
    for (const name of ['login', 'password']) {
      if (param(request, name) === undefined && param(request, `Bugzilla_${name}`) === undefined) {
        throw errors.paramRequired(name);
      }
    }
    return { id: 0 };
  }
  const { user } = identity;
  if (identity.via !== 'password') return { id: user.id };
  const now = Math.floor(clock.now() / 1000);
  const restrictTo = isTrue(param(request, 'Bugzilla_restrictlogin') ?? param(request, 'restrict_login'))
    ? request.ip
    : null;
  const secret = generateTokenSecret();
  try {
    await store.addLoginToken(user.id, secret, restrictTo, now, now - TOKEN_MAX_IDLE_SECONDS);
  } catch (error) {
    if (error instanceof StoreWriteError) throw errors.storageUnavailable(error.message);
    throw error;
  }
  return { id: user.id, token: `${user.id}-${secret}` };
}

/** `GET /rest/logout`: ends the token the request came with; anything else is a no-op. */
async function logout(request: ApiRequest, { store }: RouteDeps): Promise<{ result: null }> {
  const { token } = request.identity;
  if (token) {
    try {
      await store.removeLoginToken(token.userId, token.secret);
    } catch (error) {
      if (error instanceof StoreWriteError) throw errors.storageUnavailable(error.message);
      throw error;
    }
  }
  return { result: null };
}

/** `GET /rest/valid_login?login=`: whether the request's user has exactly that login (case-sensitive, as 5.2). */
function validLogin(request: ApiRequest): { result: boolean } {
  // `login` together with `password` is a credential, not this method's argument (5.2's fix_credentials).
  const named = param(request, 'password') === undefined ? param(request, 'login') : undefined;
  if (named === undefined) throw errors.paramRequired('login');
  return { result: request.user !== undefined && request.user.login === String(named) };
}

const isTrue = perlTrue;

export const loginRoutes = {
  // Login-exempt: credentials count only when a login is named, and then a password makes a token.
  'GET /rest/login': {
    rpc: { name: 'User.login', params: 'query', readOnly: false },
    codes: [[50, 'login and password are required']],
    auth: 'ignore',
    handle: login,
  },
  'GET /rest/logout': {
    rpc: { name: 'User.logout', params: 'query', readOnly: false, perlReturns: 'undef' },
    auth: 'optional-unless-requirelogin',
    handle: logout,
  },
  'GET /rest/valid_login': {
    rpc: { name: 'User.valid_login', params: 'query', readOnly: false, perlReturns: 'scalar' },
    codes: [[50, 'login is required']],
    auth: 'optional-unless-requirelogin',
    handle: validLogin,
  },
} satisfies {
  [K in 'GET /rest/login' | 'GET /rest/logout' | 'GET /rest/valid_login']: RouteSpec<K>;
};
