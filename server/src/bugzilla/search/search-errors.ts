import { BugzillaError } from '../errors.js';

/**
 * The errors 5.2 answers a search with, worded as its templates (global/user-error.html.tmpl,
 * code-error.html.tmpl) render them and numbered as WebService/Constants.pm maps them: a user error
 * it does not list is 32000; a code error it does not list, 68000 over REST (100000 - 32000).
 */

/** Search.pm's operator names as field-descs.none.tmpl describes them (search_descs). */
const OPERATOR_DESCRIPTIONS: Readonly<Record<string, string>> = {
  equals: 'is equal to',
  notequals: 'is not equal to',
  anyexact: 'is equal to any of the strings',
  substring: 'contains the string',
  casesubstring: 'contains the string (exact case)',
  notsubstring: 'does not contain the string',
  anywordssubstr: 'contains any of the strings',
  allwordssubstr: 'contains all of the strings',
  nowordssubstr: 'contains none of the strings',
  regexp: 'matches regular expression',
  notregexp: 'does not match regular expression',
  lessthan: 'is less than',
  lessthaneq: 'is less than or equal to',
  greaterthan: 'is greater than',
  greaterthaneq: 'is greater than or equal to',
  anywords: 'contains any of the words',
  allwords: 'contains all of the words',
  nowords: 'contains none of the words',
  changedbefore: 'changed before',
  changedafter: 'changed after',
  changedfrom: 'changed from',
  changedto: 'changed to',
  changedby: 'changed by',
  matches: 'matches',
  notmatches: 'does not match',
  isempty: 'is empty',
  isnotempty: 'is not empty',
};

const CODE_ERROR = 68000;

export const searchErrors = {
  paramRequired: (param: string, method: string) =>
    new BugzillaError(50, `The function ${method} requires a ${param} argument, and that argument was not set.`),
  mustBeNumeric: (param: string, method: string) =>
    new BugzillaError(52, `Invalid parameter ${param} passed to ${method}: It must be numeric.`),
  notNumeric: (value: string, description: string) =>
    new BugzillaError(52, `The value '${value}' in the ${description} field is not a numeric value.`),
  illegalDate: (date: string) => new BugzillaError(56, `'${date}' is not a legal date.`),
  invalidFieldName: (field: string) => new BugzillaError(108, `Can't use "${field}" as a field name.`),
  notAuthorized: (description: string) =>
    new BugzillaError(304, `Sorry, you are not authorized to search the ${description} field.`),
  invalidUsername: (name: string) =>
    new BugzillaError(
      504,
      `The name ${name} is not a valid username. Either you misspelled it, or the person has not registered for a Bugzilla account.`,
    ),
  invalidGroupName: (name: string) => new BugzillaError(804, `The group you specified, ${name}, is not valid here.`),
  needsCriteria: () =>
    new BugzillaError(1000, 'You may not search, or create saved searches, without any search terms.'),
  illegalPronoun: (pronoun: string) =>
    new BugzillaError(
      32000,
      `The pronoun you used (${pronoun}) is illegal. You must use one of the approved pronouns. Please see Pronoun Substitution for a complete list.`,
    ),
  pronounNeedsLogin: () =>
    new BugzillaError(
      32000,
      "You can't use %user% without being logged in, because %user% refers to your login name, which we don't know.",
    ),
  /** `quoted`: the pattern as PostgreSQL quotes it. */
  illegalRegexp: (quoted: string, reason: string) =>
    new BugzillaError(
      32000,
      `The regular expression you provided ${quoted} is not valid. The error was: ERROR: invalid regular expression: ${reason}.`,
    ),
  contentWithoutMatches: () =>
    new BugzillaError(
      32000,
      'The "content" field can only be used with "matches" search and the "matches" search can only be used with the "content" field.',
    ),
  fieldOperatorInvalid: (description: string, field: string, operator: string) =>
    new BugzillaError(
      32000,
      `Bugzilla does not support using the "${description}" (${field}) field with the "${OPERATOR_DESCRIPTIONS[operator] ?? ''}" (${operator}) search type.`,
    ),
  groupedFieldInvalid: (field: string, description = field) =>
    new BugzillaError(
      32000,
      `Bugzilla does not support using the "${description}" (${field}) field with grouped search conditions.`,
    ),
  groupedFieldMismatch: () => new BugzillaError(32000, 'All conditions under a groups search must use the same field.'),
  groupedNesting: () => new BugzillaError(32000, 'You cannot nest clauses within grouped search conditions.'),
  /** 5.2 dies in DBD::Pg comparing a text column with a numeric one (HTTP 200, 100500): refused plainly. */
  columnsIncomparable: () =>
    new BugzillaError(32000, 'This search compares a text field with a user, a number or a date, which it cannot.'),
  operatorUnsupported: (operator: string) =>
    new BugzillaError(CODE_ERROR, `Bugzilla does not support the search type "${shortened(operator)}".`),
  invalidJoiner: (joiner: string) => new BugzillaError(CODE_ERROR, `'${joiner}' is not a valid joiner for a search.`),
  closeWithoutOpen: (id: string) =>
    new BugzillaError(CODE_ERROR, `Search argument f${id} is "CP" but there is no matching "OP" before it.`),
};

/** code-error.html.tmpl truncates the operator it names to 30 characters. */
function shortened(operator: string): string {
  return operator.length > 30 ? `${operator.slice(0, 27)}...` : operator;
}
