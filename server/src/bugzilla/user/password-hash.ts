import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { isBugzillaHash, verifyBugzillaPassword } from './bugzilla-password.js';

/**
 * Passwords are kept only as salted scrypt hashes, in one self-describing
 * string (`scrypt$N$r$p$salt$hash`, base64) so the cost can be raised later
 * without breaking stored hashes. N = 2^14 keeps a login near 50 ms here.
 */
const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const PREFIX = 'scrypt';

/** Hashes a fixture's password when it is imported (once per user, so synchronous is fine). */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * Whether `password` is the one `stored` was made from; a malformed stored value never matches.
 * `stored` is ours, or Bugzilla's own (a Bugzilla database's profiles.cryptpassword, --bugzilla-schema).
 */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isBugzillaHash(stored)) return Promise.resolve(verifyBugzillaPassword(password, stored));
  return verifyScrypt(password, stored);
}

/**
 * A hash of a random password nobody knows, checked for a login that has no hash to check (an
 * unknown login, a user without a password), so that it takes as long as a wrong password and
 * logins cannot be told apart by timing.
 */
export const DUMMY_HASH = 'scrypt$16384$8$1$6DoYqcY914cxgqlvp93Feg==$E5zs6PzJtpGzXntkzpQfkkAg0TAUcDyuVT+WwpksPT4=';

function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, salt, hash] = stored.split('$');
  if (prefix !== PREFIX || !salt || !hash) return Promise.resolve(false);
  const expected = Buffer.from(hash, 'base64');
  const cost = { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 };
  return new Promise((resolve) => {
    try {
      scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, cost, (error, derived) => {
        resolve(!error && derived.length === expected.length && timingSafeEqual(derived, expected));
      });
    } catch {
      resolve(false); // parameters scrypt refuses outright
    }
  });
}
