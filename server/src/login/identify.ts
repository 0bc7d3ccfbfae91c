import { errors } from '../bugzilla/errors.js';
import { withRegexpGroups } from '../bugzilla/group/membership.js';
import { isStorableId } from '../bugzilla/ids.js';
import type { RateLimits } from '../bugzilla/rate-limit/rate-limits.js';
import { afterRead } from '../bugzilla/read.js';
import type { Store } from '../bugzilla/store/store.js';
import type { User } from '../bugzilla/types.js';
import { isLockedOut, type LoginFailures, MAX_LOGIN_ATTEMPTS, unlockAt } from '../bugzilla/user/login-failures.js';
import { DUMMY_HASH, verifyPassword } from '../bugzilla/user/password-hash.js';
import type { Profile } from '../profiles/profile.js';
import type { Credential } from './credentials.js';
import { passwordChecks } from './password-check-limiter.js';
import { type UnknownLoginFailures, unknownLoginsOf } from './unknown-logins.js';

/** Who a request runs as, and how it proved it (logout ends a token; login hands one out after a password). */
export interface Identity {
  user: User | undefined;
  via: 'password' | 'token' | 'api-key' | undefined;
  token?: { userId: number; secret: string };
}

export interface IdentifyContext {
  store: Store;
  profile: Profile;
  failures: LoginFailures;
  /** The client's address, as 5.2 records it for lock-outs and restricted tokens. */
  ip: string;
  /** Epoch seconds on the server's clock. */
  now: number;
  rateLimits: RateLimits;
}

export const ANONYMOUS: Identity = { user: undefined, via: undefined };

/**
 * Checks a credential as Bugzilla does; a bad one is an error, never a silent
 * fall-back to anonymous. Synchronous except for a password (scrypt) and a
 * store whose reads are promises (PostgreSQL).
 */
export function identify(credential: Credential, context: IdentifyContext): Identity | Promise<Identity> {
  switch (credential.kind) {
    case 'none':
      return ANONYMOUS;
    case 'api-key':
      return afterRead(context.store.findApiKey(credential.key), (found): Identity => {
        if (!found) {
          // BMO counts a key that matches none (Bugzilla/Auth/Login/APIKey.pm); a revoked one it does not.
          const rule = context.profile.rateLimits?.badApiKey;
          if (rule) context.rateLimits.check(rule, context.ip, context.ip, context.now);
          throw errors.invalidApiKey();
        }
        if (found.revoked) throw errors.revokedApiKey();
        return { user: enabled(found.user, context.store), via: 'api-key' };
      });
    case 'token': {
      const { userId, secret } = credential;
      const invalid = () => errors.invalidToken(context.profile.codes.invalidToken);
      // A user id no row can have names no user: the same answer as any unknown one.
      return afterRead(isStorableId(userId) ? context.store.userById(userId) : undefined, (user) => {
        if (!user) throw invalid();
        return afterRead(context.store.useLoginToken(userId, secret, context.ip, context.now), (used): Identity => {
          if (!used) throw invalid();
          return { user: enabled(user, context.store), via: 'token', token: { userId, secret } };
        });
      });
    }
    case 'password':
      return checkPassword(credential.login, credential.password, context);
  }
}

/**
 * 5.2's order: lock-out, then the password, then whether the account is enabled. Each attempt is
 * counted as a failure before its password is hashed (a success then clears it), so however many
 * guesses arrive at once, at most MAX_LOGIN_ATTEMPTS of them are checked per user and address in
 * a lock-out window: the k-th attempt to be recorded sees at least k. A login no user has takes
 * the same path against a hash nothing matches, counted apart (login/unknown-logins.ts): the
 * same warnings, lock-out and work, so answers never tell which logins exist.
 */
async function checkPassword(login: string, password: string, context: IdentifyContext): Promise<Identity> {
  const { store, ip, now } = context;
  const user = await store.userByLogin(login);
  if (!user && !context.profile.credentials.unknownLoginsLockOut) {
    // Checked as long as a real password, so the answer's time tells nothing either; never counted.
    await passwordChecks.run(() => verifyPassword(password, DUMMY_HASH));
    throw errors.invalidLoginOrPassword(undefined);
  }
  const unknown = user ? undefined : unknownLoginsOf(context.failures);
  const failures = unknown ? unknown.failures : context.failures;
  const userId = user ? user.id : (unknown as UnknownLoginFailures).idOf(login);
  const before = await failures.recent(userId, ip, now);
  if (isLockedOut(before)) throw locked(before, context);
  await failures.note(userId, ip, now);
  const counted = await failures.recent(userId, ip, now);
  // Guesses in flight already fill the window: refused without hashing.
  if (counted.length > MAX_LOGIN_ATTEMPTS) throw locked(counted, context);
  // No user, or a user without a password: a wrong password, checked as long.
  const hash = user?.passwordHash ?? null;
  // A full queue answers at once as a wrong password does (the attempt counted the same).
  const checked = await passwordChecks.run(() => verifyPassword(password, hash ?? DUMMY_HASH));
  const matches = checked === true && hash !== null;
  if (!user || !matches) {
    if (isLockedOut(counted)) throw locked(counted, context);
    throw errors.invalidLoginOrPassword(MAX_LOGIN_ATTEMPTS - counted.length);
  }
  await failures.clear(userId, ip, now);
  return { user: enabled(user, store), via: 'password' };
}

function locked(recent: readonly number[], { ip, now }: IdentifyContext) {
  const until = new Date(unlockAt(recent, now) * 1000).toISOString();
  return errors.accountLocked(ip, `${until.slice(0, 10)} ${until.slice(11, 16)} UTC`);
}

/** The request's user, refused when disabled, with the groups its login's match gives it (34: honoured everywhere). */
function enabled(user: User, store: Store): User {
  if (!user.disabled) return withRegexpGroups(user, store.catalogue);
  throw errors.accountDisabled(
    user.disabledText || 'This account has been disabled.',
    store.instance.parameters.maintainer ?? '',
  );
}
