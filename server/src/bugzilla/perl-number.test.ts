import { describe, expect, it } from 'vitest';
import { perlNumberText } from './perl-number.js';

describe('perlNumberText', () => {
  it('prints whole numbers without decimals and others with the digits they have', () => {
    expect(perlNumberText(5)).toBe('5');
    expect(perlNumberText(5 - 1.5)).toBe('3.5');
    expect(perlNumberText(0)).toBe('0');
  });

  it('rounds to fifteen significant digits, as %.15g does', () => {
    expect(String(0.3 - 0.1)).toBe('0.19999999999999998');
    expect(perlNumberText(0.3 - 0.1)).toBe('0.2');
    expect(perlNumberText(4.5 - 1.555)).toBe('2.945');
  });
});
