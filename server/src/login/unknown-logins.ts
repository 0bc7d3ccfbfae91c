import type { LoginFailures } from '../bugzilla/user/login-failures.js';
import { MemoryLoginFailures } from '../stores/model/memory-login-failures.js';

/** Unknown logins remembered at most; past it the oldest is forgotten (an attacker's names cannot fill memory). */
const REMEMBERED = 10_000;

/**
 * Failures of logins no user has, so that they are warned and locked out exactly as a known
 * login is: otherwise the lock-out itself tells which logins exist. Kept in this process's
 * memory (a store's failure table holds only real users), one set per store's failures.
 */
export class UnknownLoginFailures {
  readonly failures: LoginFailures = new MemoryLoginFailures();
  readonly #ids = new Map<string, number>();
  #next = 1;

  /** A stand-in id for `login`, any letter case alike (as logins are matched); never a real user's. */
  idOf(login: string): number {
    const name = login.toLowerCase();
    const known = this.#ids.get(name);
    if (known !== undefined) return known;
    if (this.#ids.size >= REMEMBERED) {
      const oldest = this.#ids.keys().next().value as string;
      this.#ids.delete(oldest);
    }
    const id = -this.#next++;
    this.#ids.set(name, id);
    return id;
  }
}

const byStoreFailures = new WeakMap<LoginFailures, UnknownLoginFailures>();

/** The unknown logins' failures that go with a store's: forgotten with them (see forgetUnknownLogins). */
export function unknownLoginsOf(failures: LoginFailures): UnknownLoginFailures {
  let unknown = byStoreFailures.get(failures);
  if (!unknown) {
    unknown = new UnknownLoginFailures();
    byStoreFailures.set(failures, unknown);
  }
  return unknown;
}

/** An admin reset forgets every failure, unknown logins' too. */
export function forgetUnknownLogins(failures: LoginFailures): void {
  byStoreFailures.delete(failures);
}
