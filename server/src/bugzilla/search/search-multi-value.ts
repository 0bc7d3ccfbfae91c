import { BugzillaError } from '../errors.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';
import { NEGATED, OPERATORS, SIMPLE_OPERATORS, unsupported } from './search-operators.js';
import { ccPronounTest, isPronoun } from './search-pronouns.js';

/*
 * Bug.search over a bug's multi-valued fields, as 5.2's Search.pm takes them in a chart
 * (`f1=keywords&o1=anywords&v1=…`) and as Bug.search's own parameters (`keywords`,
 * `keywords_type`, `cc`, `depends_on`, `blocks`). Two families, as Search.pm has them:
 *
 * - keywords, dependson, blocked (MULTI_SELECT_OVERRIDE): the word operators (any/all words,
 *   any/all words as substrings, anyexact) test each word of the value on its own (any: one word
 *   found among the bug's values; all: every word found, each in any value); a negated operator
 *   matches the bugs none of whose values match the positive one; the value `---` asks for no
 *   value at all; isempty/isnotempty ask whether the bug has any.
 * - cc (a user field in another table): the operator tests each CC's login with the whole value;
 *   a negated operator (and isempty) matches the bugs none of whose CCs match the positive one.
 *
 * Dependencies are numbers: compared as such by equals, greaterthan …, where a value that is not
 * a number is 5.2's error 52.
 */

export const MULTI_VALUE_FIELDS = ['cc', 'keywords', 'dependson', 'blocked'] as const;
export type MultiValueField = (typeof MULTI_VALUE_FIELDS)[number];

export function isMultiValueField(field: string): field is MultiValueField {
  return (MULTI_VALUE_FIELDS as readonly string[]).includes(field);
}

/** A bug's values of a field as text; `ccLogins` gives its CCs' logins. */
export type ValuesOf = (bug: Bug) => readonly string[];

export function valuesOf(field: MultiValueField, ccLogins: (bug: Bug) => readonly string[]): ValuesOf {
  switch (field) {
    case 'cc':
      return ccLogins;
    case 'keywords':
      return (bug) => bug.fields.keywords;
    case 'dependson':
      return (bug) => bug.fields.depends_on.map(String);
    case 'blocked':
      return (bug) => bug.fields.blocks.map(String);
  }
}

/** The fields' descriptions, as 5.2's errors name them. */
const DESCRIPTIONS: Readonly<Record<'dependson' | 'blocked', string>> = { dependson: 'Depends on', blocked: 'Blocks' };

/** Search.pm's NUMBER_REGEX. */
const NUMBER = /^[+-]?(?=\d|\.)\d*(?:\.\d*)?(?:[Ee][+-]?\d+)?$/;

/** Search.pm's multiple-value operators: each word a term, joined by OR (any…) or AND (all…). */
const MULTIPLE = new Set(['allwords', 'allwordssubstr', 'anyexact', 'anywords', 'anywordssubstr']);

const splitWords = (value: string) => value.split(/[\s,]+/).filter((word) => word !== '');

/** Text comparisons other than SQL's ordering (which OPERATORS does not have): greaterthan … on text. */
function textMatch(operator: string, value: string): (text: string) => boolean {
  const make = OPERATORS[operator];
  if (make !== undefined) return make(value);
  const compare = SIMPLE_OPERATORS[operator];
  if (compare === undefined) throw unsupported(operator);
  return (text) => compare(text < value ? -1 : text > value ? 1 : 0, 0);
}

function notNumeric(field: 'dependson' | 'blocked', value: string): BugzillaError {
  return new BugzillaError(52, `The value '${value}' in the ${DESCRIPTIONS[field]} field is not a numeric value.`);
}

/** The test of one value against a bug's value of `field` by a positive operator. */
function valueMatch(field: MultiValueField, operator: string, value: string): (text: string) => boolean {
  if (field !== 'dependson' && field !== 'blocked') return textMatch(operator, value);
  const compare = SIMPLE_OPERATORS[operator];
  if (compare !== undefined) {
    if (!NUMBER.test(value)) throw notNumeric(field, value);
    const number = Number(value);
    return (text) => compare(Number(text), number);
  }
  if (operator === 'anyexact') {
    // 5.2 hands a word that is no number to PostgreSQL, which fails (a 500); its own error here.
    for (const item of value.split(','))
      if (item.trim() !== '' && !NUMBER.test(item.trim())) throw notNumeric(field, item.trim());
  }
  return textMatch(operator, value);
}

/**
 * The test of one chart (`field`, `operator`, `value`) on a bug; null when the chart asks nothing
 * (an empty value, or a word operator without a word), as Search.pm leaves such a chart out.
 */
export function multiValueTest(
  field: MultiValueField,
  operator: string,
  value: string,
  values: ValuesOf,
  caller?: User,
): ((bug: Bug) => boolean) | null {
  const hasAny = (bug: Bug) => values(bug).length > 0;
  if (operator === 'isempty') return (bug) => !hasAny(bug);
  if (operator === 'isnotempty') return hasAny;
  if (value === '') return null;
  const some = (match: (text: string) => boolean) => (bug: Bug) => values(bug).some(match);
  if (field === 'cc')
    return isPronoun(value) ? ccPronounTest(operator, value, caller) : userFieldTest(operator, value, some);
  if (value === '---' && !MULTIPLE.has(operator)) {
    // Search.pm's _multiselect_term asks for no value when given `---` (after the number check).
    if (SIMPLE_OPERATORS[operator] !== undefined) valueMatch(field, operator, value);
    return (bug) => !hasAny(bug);
  }
  const positive = NEGATED[operator] ?? operator;
  if (positive !== operator) {
    const matches = some(valueMatch(field, positive, value));
    return (bug) => !matches(bug);
  }
  if (!MULTIPLE.has(operator)) return some(valueMatch(field, operator, value));
  if (operator === 'anyexact') {
    const words = splitWords(value);
    return words.length === 0 ? null : some(valueMatch(field, operator, value));
  }
  const terms = splitWords(value).map((word) =>
    word === '---' ? (bug: Bug) => !hasAny(bug) : some(valueMatch(field, operator, word)),
  );
  if (terms.length === 0) return null;
  return operator.startsWith('any')
    ? (bug) => terms.some((term) => term(bug))
    : (bug) => terms.every((term) => term(bug));
}

/** A user field in another table (cc): the operator on each login with the whole value. */
function userFieldTest(
  operator: string,
  value: string,
  some: (match: (text: string) => boolean) => (bug: Bug) => boolean,
): (bug: Bug) => boolean {
  const positive = NEGATED[operator] ?? operator;
  const matches = some(textMatch(positive, value));
  return positive === operator ? matches : (bug) => !matches(bug);
}

/**
 * Bug.search's own parameters for these fields, as the charts 5.2's WebService and Search.pm make
 * of them: `cc` (its values joined by spaces, anywordssubstr), `keywords` (joined by commas,
 * `keywords_type`, allwords when not given), `dependson`/`depends_on` and `blocked`/`blocks`
 * (joined by commas, `dependson_type`/`blocked_type`, anyexact when not given or empty).
 */
export function multiValueParams(
  query: URLSearchParams,
): Array<{ field: MultiValueField; operator: string; value: string }> {
  const charts: Array<{ field: MultiValueField; operator: string; value: string }> = [];
  const cc = query.getAll('cc');
  if (cc.length > 0) charts.push({ field: 'cc', operator: 'anywordssubstr', value: cc.join(' ') });
  const keywords = query.getAll('keywords');
  if (keywords.length > 0) {
    const type = query.get('keywords_type');
    charts.push({
      field: 'keywords',
      operator: type === null ? 'allwords' : type || 'anyexact',
      value: keywords.join(','),
    });
  }
  for (const [field, alias] of [
    ['dependson', 'depends_on'],
    ['blocked', 'blocks'],
  ] as const) {
    const given = query.getAll(field).concat(query.getAll(alias));
    if (given.length > 0) {
      const value = given
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .join(',');
      charts.push({ field, operator: query.get(`${field}_type`) || 'anyexact', value });
    }
  }
  return charts;
}

/** The charts (`fN`, `oN`, `vN`) on these fields, in the query's order. */
function multiValueCharts(query: URLSearchParams): Array<{ field: MultiValueField; operator: string; value: string }> {
  const charts: Array<{ field: MultiValueField; operator: string; value: string }> = [];
  for (const [name, field] of query) {
    // Most searches have no chart: a cheap test before the pattern.
    if (name.charCodeAt(0) !== 102 /* f */ || !isMultiValueField(field)) continue;
    const n = /^f(\d+)$/.exec(name)?.[1];
    if (n === undefined) continue;
    const operator = query.get(`o${n}`);
    const value = query.get(`v${n}`);
    // Search.pm leaves out a chart without an operator, or without a value unless the operator takes none.
    if (operator === null || (value === null && operator !== 'isempty' && operator !== 'isnotempty')) continue;
    charts.push({ field, operator, value: value ?? ' ' });
  }
  return charts;
}

/**
 * Every criterion of the query on these fields (its own parameters and its charts), all of which a
 * bug must match; `lookups` loads the CCs' logins of the bugs listed, once, when a criterion reads them.
 */
export function multiValueSearch(store: Store, caller: User | undefined, query: URLSearchParams) {
  const tests: Array<(bug: Bug) => boolean> = [];
  const lookups: Array<(bugs: readonly Bug[]) => Read<void>> = [];
  const logins = new Map<number, string>();
  const ccLogins = (bug: Bug) => bug.cc.map((id) => logins.get(id) ?? '');
  let readsCc = false;
  for (const { field, operator, value } of [...multiValueParams(query), ...multiValueCharts(query)]) {
    const test = multiValueTest(field, operator, value, valuesOf(field, ccLogins), caller);
    if (test === null) continue;
    tests.push(test);
    if (field === 'cc') readsCc = true;
  }
  if (readsCc) {
    lookups.push((bugs) => {
      const ids = [...new Set(bugs.flatMap((bug) => bug.cc))];
      return afterRead(readAll(ids.map((id) => store.userById(id))), (users) => {
        for (const [i, id] of ids.entries()) logins.set(id, users[i]?.login ?? '');
      });
    });
  }
  return { tests, lookups };
}
