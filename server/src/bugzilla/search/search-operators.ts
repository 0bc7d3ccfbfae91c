import { BugzillaError } from '../errors.js';

/*
 * Search.pm's operators on text, shared by the custom search charts and the simple criteria
 * (`short_desc` with `short_desc_type`).
 */

export type Match = (text: string) => boolean;

const words = (value: string) => value.split(/[\s,]+/).filter((word) => word !== '');

/** Bugzilla's operators that compare one value with a text (Search.pm OPERATORS), case rules as on PostgreSQL. */
export const OPERATORS: Readonly<Record<string, (value: string) => Match>> = {
  equals: (value) => (text) => text === value,
  anyexact: (value) => {
    const wanted = value.split(',').map((item) => item.trim());
    return (text) => wanted.includes(text);
  },
  substring: (value) => {
    const lower = value.toLowerCase();
    return (text) => text.toLowerCase().includes(lower);
  },
  casesubstring: (value) => (text) => text.includes(value),
  anywordssubstr: (value) => {
    const wanted = words(value.toLowerCase());
    return (text) => wanted.some((word) => text.toLowerCase().includes(word));
  },
  allwordssubstr: (value) => {
    const wanted = words(value.toLowerCase());
    return (text) => wanted.every((word) => text.toLowerCase().includes(word));
  },
  regexp: (value) => {
    const pattern = regexpOf(value);
    return (text) => pattern.test(text);
  },
  anywords: (value) => {
    const patterns = words(value).map(wordPattern);
    return (text) => patterns.some((pattern) => pattern.test(text));
  },
  allwords: (value) => {
    const patterns = words(value).map(wordPattern);
    return (text) => patterns.every((pattern) => pattern.test(text));
  },
};

/**
 * A whole word, in any letter case: Search.pm's word operators on PostgreSQL match
 * `(^|[^[:alnum:]])WORD($|[^[:alnum:]])` with `~*`.
 */
function wordPattern(word: string): RegExp {
  const quoted = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${quoted}($|[^\\p{L}\\p{N}])`, 'iu');
}

/** Search.pm's SIMPLE_OPERATORS, SQL's comparisons: numeric on a numeric field (bug ids, dependencies). */
export const SIMPLE_OPERATORS: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  equals: (a, b) => a === b,
  notequals: (a, b) => a !== b,
  greaterthan: (a, b) => a > b,
  greaterthaneq: (a, b) => a >= b,
  lessthan: (a, b) => a < b,
  lessthaneq: (a, b) => a <= b,
};

/** The negated operators and the one each negates. */
export const NEGATED: Readonly<Record<string, string>> = {
  notequals: 'equals',
  notsubstring: 'substring',
  nowordssubstr: 'anywordssubstr',
  notregexp: 'regexp',
  nowords: 'anywords',
};

function regexpOf(value: string): RegExp {
  try {
    // PostgreSQL's ~* (Bugzilla::DB::Pg's sql_regexp) ignores letter case.
    return new RegExp(value, 'i');
  } catch {
    throw new BugzillaError(32000, `The regular expression '${value}' is not valid.`);
  }
}

export function unsupported(operator: string): BugzillaError {
  const shown = operator.length > 30 ? `${operator.slice(0, 27)}...` : operator;
  // A code error (search_field_operator_unsupported): 5.2's REST numbers it 100000 - 32000.
  return new BugzillaError(68000, `Bugzilla does not support the search type "${shown}".`);
}

/**
 * The test of a single-valued text field (the summary) by a Search.pm operator: a negated operator
 * is the positive one's opposite. An operator Bugzilla does not have is its code error.
 */
export function textMatch(operator: string, value: string): Match {
  const positive = NEGATED[operator] ?? operator;
  const make = OPERATORS[positive];
  if (make === undefined) throw unsupported(operator);
  const match = make(value);
  return positive === operator ? match : (text) => !match(text);
}
