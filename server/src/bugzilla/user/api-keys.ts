import { hash, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits: the shape of Bugzilla's keys and tokens. */
export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** A new key in Bugzilla's shape: 40 random letters and digits. */
export function generateApiKey(): string {
  return randomAlphanumeric(40);
}

/** SHA-256 in hex; one-shot `crypto.hash` (every authenticated request hashes its key) is a third of `createHash`'s cost. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
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
