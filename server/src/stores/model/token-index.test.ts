import { describe, expect, it } from 'vitest';
import { TokenIndex, tokensOf } from './token-index.js';

describe('TokenIndex', () => {
  const numbered = () => {
    const index = new TokenIndex();
    for (let id = 1; id <= 50; id++) index.add(id, tokensOf(`Bug number ${id}`));
    return index;
  };

  it('starts from the rarest word of a pattern, each word found inside a word of the text', () => {
    const index = numbered();
    expect(index.estimate('number 17')).toBe(1);
    expect(Array.from(index.candidates('number 17') ?? [])).toEqual([17]);
    expect(Array.from(index.candidates('umbe') ?? [])).toHaveLength(50);
    expect(Array.from(index.candidates('4') ?? [])).toEqual([4, 14, 24, 34, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
    expect(Array.from(index.candidates('number 99') ?? [])).toEqual([]);
    expect(index.candidates('-- ')).toBeUndefined();
  });

  it('answers from what it holds now after words come and go', () => {
    const index = numbered();
    expect(Array.from(index.candidates('17') ?? [])).toEqual([17]);
    index.move(17, tokensOf('Bug number 17'), tokensOf('Bug number seventeen'));
    expect(Array.from(index.candidates('17') ?? [])).toEqual([]);
    expect(Array.from(index.candidates('seventeen') ?? [])).toEqual([17]);
    index.add(51, tokensOf('number 17 again'));
    expect(Array.from(index.candidates('number 17') ?? [])).toEqual([51]);
  });
});
