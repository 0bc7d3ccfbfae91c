import { describe, expect, it } from 'vitest';
import { WordGrams } from './word-grams.js';

describe('WordGrams', () => {
  const grams = () => {
    const index = new WordGrams();
    for (const word of ['4242', '14242', '4243', 'number', 'numbers', 'umbrella']) index.add(word);
    return index;
  };

  it('gives the words of the rarest gram, which hold every word that contains the part', () => {
    const index = grams();
    // "424" is in three words, "242" in two: the rarer one's words are the candidates.
    expect([...(index.candidates('4242') ?? [])].sort()).toEqual(['14242', '4242']);
    expect([...(index.candidates('umbe') ?? [])].sort()).toEqual(['number', 'numbers']);
    expect([...(index.candidates('zzz') ?? [])]).toEqual([]);
  });

  it('has no answer for a part shorter than a gram (every word may hold it)', () => {
    expect(grams().candidates('42')).toBeUndefined();
  });

  it('forgets a deleted word under each of its grams', () => {
    const index = grams();
    index.delete('14242');
    expect([...(index.candidates('4242') ?? [])]).toEqual(['4242']);
    index.clear();
    expect([...(index.candidates('4242') ?? [])]).toEqual([]);
  });
});
