import { createHash } from 'node:crypto';
import { randomAlphanumeric } from './api-keys.js';

/** A token's secret part in 5.2's shape: 10 random letters and digits (the token is `<user id>-<secret>`). */
export function generateTokenSecret(): string {
  return randomAlphanumeric(10);
}

/** Tokens are stored as this hash only, so a copy of the data file logs nobody in. */
export function hashLoginToken(userId: number, secret: string): string {
  return createHash('sha256').update(`${userId}-${secret}`, 'utf8').digest('hex');
}
