import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchMatches } from './etag.js';

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
