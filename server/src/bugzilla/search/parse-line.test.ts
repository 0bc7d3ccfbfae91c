import { expect, it } from 'vitest';
import { parseLine } from './parse-line.js';

// Each answer as Perl's Text::ParseWords::parse_line gives it (Debian 12's perl 5.36).
it('splits as Text::ParseWords does: quotes kept or taken off, a trailing delimiter, bad quoting', () => {
  expect(parseLine('\\s+', true, 'foo bar  "baz qux" x')).toEqual(['foo', 'bar', '"baz qux"', 'x']);
  expect(parseLine(':', true, 'status:')).toEqual(['status', undefined]);
  expect(parseLine('\\|', true, 'a|b|"c|d"')).toEqual(['a', 'b', '"c|d"']);
  expect(parseLine(',', false, 'a,"b,c",d,')).toEqual(['a', 'b,c', 'd', undefined]);
  expect(parseLine('\\s+', true, '"abc')).toEqual([]);
  expect(parseLine(':', true, "foo:'bar baz'")).toEqual(['foo', "'bar baz'"]);
  expect(parseLine('\\s+', true, 'a"b c"d e')).toEqual(['a"b c"d', 'e']);
  expect(parseLine(',', true, undefined)).toEqual([]);
  expect(parseLine('!=', true, 'a!=b')).toEqual(['a', 'b']);
});

it("keeps an apostrophe inside a word, as Quicksearch.pm's _parse_line does", () => {
  expect(parseLine('\\s+', true, "don't stop")).toEqual(["don't", 'stop']);
  expect(parseLine('\\s+', false, "'it is' don't")).toEqual(['it is', "don't"]);
});
