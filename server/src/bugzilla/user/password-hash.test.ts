import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashes', () => {
  it('verifies the password it was made from and no other', async () => {
    const stored = hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct hors', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never contains the password, and salts each hash', () => {
    const a = hashPassword('oracle-pw-user');
    const b = hashPassword('oracle-pw-user');
    expect(a).not.toContain('oracle-pw-user');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
  });

  it('never matches a malformed stored value', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'sha256$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$8$1$AAAA$AAAA')).toBe(false);
  });
});
