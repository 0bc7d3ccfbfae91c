import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new key in Bugzilla's shape: 40 random letters and digits. */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < 40; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Compares a presented key's hash with a stored one in constant time. Lookup
 * is by hash, so timing can only ever reveal bits of a SHA-256 digest, never
 * of a key; the constant-time check makes the comparison itself explicit.
 */
export function hashesMatch(storedHex: string, presentedHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const presented = Buffer.from(presentedHex, 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}
