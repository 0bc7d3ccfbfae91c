import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl, restUrl } from './base-url.js';

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://bugzilla.example.org', 'https://bugzilla.example.org/'],
    ['https://host/bugzilla', 'https://host/bugzilla/'],
    ['https://host/bugzilla/', 'https://host/bugzilla/'],
    ['https://host/bugzilla//', 'https://host/bugzilla/'],
    ['https://host/bugzilla/rest', 'https://host/bugzilla/'],
    ['https://host/bugzilla/rest/', 'https://host/bugzilla/'],
    ['https://host/bugzilla/rest.cgi', 'https://host/bugzilla/'],
    ['https://host/bugzilla/rest/version', 'https://host/bugzilla/'],
    ['https://host/bugzilla/show_bug.cgi?id=1#c2', 'https://host/bugzilla/'],
    ['  bugzilla.mozilla.org  ', 'https://bugzilla.mozilla.org/'],
    ['127.0.0.1:3080', 'http://127.0.0.1:3080/'],
    ['localhost:3080/', 'http://localhost:3080/'],
    ['https://user:secret@host/', 'https://host/'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  it.each(['', '   ', 'ftp://host/', 'http://'])('rejects %j', (input) => {
    expect(() => normalizeBaseUrl(input)).toThrow(TypeError);
  });

  it('resolves REST paths under a base with a path', () => {
    expect(restUrl('https://host/bugzilla/', '/rest/version').toString()).toBe('https://host/bugzilla/rest/version');
  });
});
