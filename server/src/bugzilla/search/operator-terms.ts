import { changedTerm } from './changed-terms.js';
import { type ChartArgs, NUMBER, SIMPLE_OPERATORS } from './chart-args.js';
import { checkRegexp } from './regexp.js';
import { searchErrors } from './search-errors.js';
import { TYPE } from './search-fields.js';
import { and, type Expr, type Literal, not, or, test } from './search-term.js';

/** Search.pm's OPERATORS: the functions that make a chart's term from its operand and value. */
const OPERATORS: Readonly<Record<string, (args: ChartArgs) => void>> = {
  equals: simpleOperator,
  notequals: simpleOperator,
  lessthan: simpleOperator,
  lessthaneq: simpleOperator,
  greaterthan: simpleOperator,
  greaterthaneq: simpleOperator,
  casesubstring: (args) => {
    args.term = test(args.fullField, { op: 'like', text: args.value });
  },
  substring: substring,
  substr: substring,
  notsubstring: (args) => {
    args.term = test(args.fullField, { op: 'ilike', text: args.value, not: true });
  },
  regexp: (args) => regexp(args, false),
  notregexp: (args) => regexp(args, true),
  matches: () => {
    throw searchErrors.contentWithoutMatches();
  },
  notmatches: () => {
    throw searchErrors.contentWithoutMatches();
  },
  anyexact: anyexact,
  anywordssubstr: (args) => {
    args.term = joined('or', substringTerms(args));
  },
  allwordssubstr: (args) => {
    args.term = joined('and', substringTerms(args));
  },
  nowordssubstr: (args) => {
    const terms = substringTerms(args);
    // NOT() of nothing is a syntax error in 5.2's SQL; here the chart asks nothing.
    args.term = terms.length === 0 ? null : not(or(...terms));
  },
  anywords: (args) => {
    args.term = joined('or', wordTerms(args));
  },
  allwords: (args) => {
    args.term = joined('and', wordTerms(args));
  },
  nowords: (args) => {
    const terms = wordTerms(args);
    args.term = terms.length === 0 ? null : not(or(...terms));
  },
  changedbefore: changedBeforeAfter,
  changedafter: changedBeforeAfter,
  changedfrom: changedTerm,
  changedto: changedTerm,
  changedby: changedTerm,
  isempty: (args) => {
    args.term = or({ kind: 'isNull', operand: args.fullField }, test(args.fullField, eq(emptyValue(args))));
  },
  isnotempty: (args) => {
    args.term = and(
      not({ kind: 'isNull', operand: args.fullField }),
      test(args.fullField, { op: 'cmp', cmp: '!=', value: emptyValue(args) }),
    );
  },
};

/**
 * _changedbefore_changedafter: when the bug was created is asked of creation_ts itself (the comparison
 * of the date), any other field of its history (changed-terms.ts).
 */
function changedBeforeAfter(args: ChartArgs): void {
  if (args.field !== 'creation_ts') {
    changedTerm(args);
    return;
  }
  args.operator = args.operator === 'changedbefore' ? 'lessthaneq' : 'greaterthaneq';
  doOperatorFunction(args);
}

/** _do_operator_function: the operator's own function; one Search.pm does not have is a code error. */
export function doOperatorFunction(args: ChartArgs): void {
  const operator = OPERATORS[args.operator];
  if (operator === undefined) throw searchErrors.operatorUnsupported(args.operator);
  operator(args);
}

function eq(value: Literal) {
  return { op: 'cmp', cmp: '=', value } as const;
}

function joined(kind: 'and' | 'or', terms: Expr[]): Expr | null {
  if (terms.length === 0) return null;
  return kind === 'and' ? and(...terms) : or(...terms);
}

function simpleOperator(args: ChartArgs): void {
  args.term = test(args.fullField, { op: 'cmp', cmp: SIMPLE_OPERATORS[args.operator] as '=', value: args.quoted });
}

function substring(args: ChartArgs): void {
  args.term = test(args.fullField, { op: 'ilike', text: args.value, not: false });
}

function regexp(args: ChartArgs, negated: boolean): void {
  const pattern = String(typeof args.quoted === 'object' ? args.value : args.quoted);
  checkRegexp(pattern);
  args.term = test(args.fullField, { op: 'regexp', pattern, not: negated });
}

/**
 * _all_values: a list as it came, or the text split at `splitOn` (white space and commas by default),
 * trimmed, without empty items; for the resolution, `---` is the empty one.
 */
export function allValues(args: ChartArgs, splitOn: RegExp = /[\s,]+/): string[] {
  const values =
    typeof args.allValues === 'string'
      ? args.allValues
          .split(splitOn)
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : [...args.allValues];
  return args.field === 'resolution' ? values.map((item) => (item === '---' ? '' : item)) : values;
}

function anyexact(args: ChartArgs): void {
  const list = allValues(args, /,/).map((item) => quoteUnlessNumeric(args, item, true));
  args.term = list.length > 0 ? test(args.fullField, { op: 'in', values: list }) : null;
}

/**
 * _quote_unless_numeric: a number for a numeric field, operator and value; a numeric field with another
 * value under a comparison is 5.2's number_not_numeric. `strict`: the value goes into a list that
 * PostgreSQL compares with the numeric column (5.2 fails there with a database error; here, the same 52).
 */
export function quoteUnlessNumeric(args: ChartArgs, value: string, strict = false): Literal {
  const numericOperator = !NON_NUMERIC_OPERATORS.has(args.operator);
  const numericField = args.fieldDef.numeric;
  const numericValue = NUMBER.test(value);
  if (numericOperator && numericField && numericValue) return Number(value);
  if (numericField && !numericValue && (SIMPLE_OPERATORS[args.operator] !== undefined || strict)) {
    throw searchErrors.notNumeric(value, args.fieldDef.description);
  }
  return value;
}

/** Search.pm's NON_NUMERIC_OPERATORS: even on a numeric field, their value is text. */
const NON_NUMERIC_OPERATORS = new Set([
  'changedafter',
  'changedbefore',
  'changedfrom',
  'changedto',
  'regexp',
  'notregexp',
]);

const words = (value: string) => value.split(/[\s,]+/).filter((word) => word !== '');

/** _substring_terms: each word (split at white space and commas) a substring. */
function substringTerms(args: ChartArgs): Expr[] {
  return words(args.value).map((word) => test(args.fullField, { op: 'ilike', text: word, not: false }));
}

/** _word_terms: each word a substring and a whole word (`(^|[^[:alnum:]])word($|[^[:alnum:]])`). */
function wordTerms(args: ChartArgs): Expr[] {
  return words(args.value).map((word) =>
    and(
      test(args.fullField, { op: 'ilike', text: word, not: false }),
      test(args.fullField, { op: 'regexp', pattern: `(^|[^[:alnum:]])${quotemeta(word)}($|[^[:alnum:]])`, not: false }),
    ),
  );
}

/** Perl's quotemeta: every ASCII character but letters, digits and `_` behind a backslash. */
function quotemeta(text: string): string {
  let quoted = '';
  for (const char of text) quoted += char.charCodeAt(0) < 128 && !/[A-Za-z0-9_]/.test(char) ? `\\${char}` : char;
  return quoted;
}

/** _empty_value: what an empty value of the field's type is. */
function emptyValue(args: ChartArgs): Literal {
  const type = args.fieldDef.type;
  if (type === TYPE.bugId) return 0;
  if (type === TYPE.datetime) return '1970-01-01 00:00:00';
  if (type === TYPE.date) return '1970-01-01';
  return '';
}
