import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchMatches } from './etag.js';

describe('etagOf', () => {
  it('is the same for the same body and differs for another, small or large', () => {
    const large = JSON.stringify({ parameters: 'x'.repeat(10_000) });
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf(large)).toBe(etagOf(large));
    expect(etagOf(large)).not.toBe(etagOf(`${large} `));
    for (let i = 0; i < 600; i++) etagOf(`{"n":${i}}`);
    expect(etagOf('{"a":1}')).toMatch(/^"[\w-]{27}"$/);
  });
});

describe('If-None-Match', () => {
  const tag = etagOf('{"version":"5.2"}');

  it('matches the same tag, weak or strong, alone or in a list, and *', () => {
    expect(ifNoneMatchMatches(tag, tag)).toBe(true);
    expect(ifNoneMatchMatches(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches(`"a", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
  });

  it('does not match another tag or nothing', () => {
    expect(ifNoneMatchMatches('"other"', tag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
    expect(ifNoneMatchMatches(etagOf('{"version":"5.3"}'), tag)).toBe(false);
  });
});
