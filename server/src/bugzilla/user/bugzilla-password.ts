import { createHash, timingSafeEqual } from 'node:crypto';

/** The Digest->new names a Bugzilla may have hashed with (PASSWORD_DIGEST_ALGORITHM, 'SHA-256' in 5.x), as node:crypto calls them. */
const DIGESTS: Record<string, string> = {
  'SHA-1': 'sha1',
  'SHA-224': 'sha224',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
  MD5: 'md5',
};

/** bz_crypt's output: `<salt>,<base64 digest without padding>{<algorithm>}`. */
const BZ_CRYPT = /^([^,]+),([A-Za-z0-9+/]+)\{([^}]+)\}$/;

/** Whether `stored` is a hash Bugzilla's bz_crypt made (profiles.cryptpassword of a Bugzilla database). */
export function isBugzillaHash(stored: string): boolean {
  return BZ_CRYPT.test(stored);
}

/**
 * Bugzilla 5.2's check (Bugzilla/Auth/Verify/DB.pm, Bugzilla/Util.pm bz_crypt): the digest of the
 * password's UTF-8 bytes followed by the salt, with the algorithm the stored value names. Hashes of
 * Bugzilla before 3.6 (crypt(3), no `{algorithm}`) never match: Node has no crypt(3), and Bugzilla
 * replaces them with SHA-256 at the user's next login through it.
 */
export function verifyBugzillaPassword(password: string, stored: string): boolean {
  const [, salt, digest, algorithm] = BZ_CRYPT.exec(stored) ?? [];
  const hash = algorithm === undefined ? undefined : DIGESTS[algorithm];
  if (salt === undefined || digest === undefined || hash === undefined) return false;
  const computed = Buffer.from(
    createHash(hash).update(password, 'utf8').update(salt, 'utf8').digest('base64').replace(/=+$/, ''),
  );
  const expected = Buffer.from(digest);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
