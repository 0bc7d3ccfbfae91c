import { describe, expect, it } from 'vitest';
import { isBugzillaHash, verifyBugzillaPassword } from './bugzilla-password.js';

/**
 * Made by Perl with Bugzilla 5.2's bz_crypt (Bugzilla/Util.pm), the independent oracle:
 *   perl -MDigest -e 'my $h = Digest->new($alg); $h->add($password, $salt); print "$salt,", $h->b64digest, "{$alg}"'
 * (the non-ASCII password first utf8::encode'd, as bz_crypt does with the utf8 parameter on).
 */
const SHA256 = 'Xy7pQ2aZ,TQ1UnnfaU6bn8TIDbe3bOD/QRQ813t55SzhEb0OJFos{SHA-256}'; // oracle-pw-user
const SHA512 =
  'k9LmN3bV,yLZ9B1DywkZ12/XYL7ux5lxfzp7WyeJ/U5E/6Gv86NRpIqtwV6BpJzqE3V6uUPMicD0FNMmymSJ5SkpeWllqfQ{SHA-512}'; // oracle-pw-dev
const NON_ASCII = 'Qw8eRt5Y,8dEnvMtCr0TytEt2giC5dE1y77lQAUbI8yvNY0mYMAI{SHA-256}'; // pässwörd-ü
/** Perl's crypt('oracle-pw-admin', 'ab'): what Bugzilla before 3.6 stored. */
const LEGACY_CRYPT = 'abGWyrNKX3NXE';

describe("Bugzilla's password hashes (bz_crypt)", () => {
  it('match the password they were made from, with the algorithm they name', () => {
    expect(verifyBugzillaPassword('oracle-pw-user', SHA256)).toBe(true);
    expect(verifyBugzillaPassword('oracle-pw-dev', SHA512)).toBe(true);
    expect(verifyBugzillaPassword('pässwörd-ü', NON_ASCII)).toBe(true);
  });

  it('match nothing else: another password, another case, another salt or algorithm', () => {
    expect(verifyBugzillaPassword('oracle-pw-User', SHA256)).toBe(false);
    expect(verifyBugzillaPassword('', SHA256)).toBe(false);
    expect(verifyBugzillaPassword('oracle-pw-user', SHA256.replace('Xy7p', 'Xy7q'))).toBe(false);
    expect(verifyBugzillaPassword('oracle-pw-user', SHA256.replace('{SHA-256}', '{SHA-512}'))).toBe(false);
    expect(verifyBugzillaPassword('oracle-pw-user', SHA256.replace('{SHA-256}', '{WHIRLPOOL}'))).toBe(false);
    // NFC and NFD are different bytes: Bugzilla hashes what was sent.
    expect(verifyBugzillaPassword('pässwörd-ü'.normalize('NFD'), NON_ASCII)).toBe(false);
  });

  it('never match a crypt(3) hash of Bugzilla before 3.6 (not supported)', () => {
    expect(isBugzillaHash(LEGACY_CRYPT)).toBe(false);
    expect(verifyBugzillaPassword('oracle-pw-admin', LEGACY_CRYPT)).toBe(false);
  });

  it('are told apart from our own scrypt hashes', () => {
    expect(isBugzillaHash(SHA256)).toBe(true);
    expect(isBugzillaHash('scrypt$16384$8$1$c2FsdA==$aGFzaA==')).toBe(false);
  });
});
