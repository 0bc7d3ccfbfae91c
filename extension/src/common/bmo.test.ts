import { describe, expect, it } from 'vitest';
import { isBmo } from './bmo.js';

describe('isBmo', () => {
  it('knows bugzilla.mozilla.org by its host, and a fork by its dated version once known', () => {
    expect(isBmo('https://bugzilla.mozilla.org/')).toBe(true);
    expect(isBmo('https://bugzilla.mozilla.org/show_bug.cgi?id=1')).toBe(true);
    expect(isBmo('https://bugs.example.org/', '20260820.1')).toBe(true);
    expect(isBmo('https://bugs.example.org/', '5.2')).toBe(false);
    expect(isBmo('https://bugs.example.org/')).toBe(false);
  });
});
