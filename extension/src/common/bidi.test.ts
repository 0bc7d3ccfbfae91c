import { describe, expect, it } from 'vitest';
import { isolateBidi } from './bidi.js';

describe('isolateBidi', () => {
  it('wraps the text in first-strong isolate and pop directional isolate', () => {
    expect(isolateBidi('\u202Egnp.exe')).toBe('\u2068\u202Egnp.exe\u2069');
  });
});
