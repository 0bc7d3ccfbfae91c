import { BugzillaError } from '../errors.js';
import type { Bug, User } from '../types.js';
import { NEGATED, OPERATORS, SIMPLE_OPERATORS, unsupported } from './search-operators.js';

/*
 * Search.pm's pronouns in a user field's chart (`f1=cc&o1=equals&v1=%user%`, also `cc=%user%`): the
 * value is a user id, compared with each CC's id rather than with logins. `%user%` is the caller;
 * `%reporter%`, `%assignee%` and `%qacontact%` are the bug's own columns, which 5.2 puts in the SQL
 * as they are, so only the comparisons (equals, greaterthan …) read them and the text operators see
 * the column's name.
 */

const COLUMNS: Readonly<Record<string, { name: string; of: (bug: Bug) => number }>> = {
  '%reporter%': { name: 'bugs.reporter', of: (bug) => bug.reporter ?? 0 },
  '%assignee%': { name: 'bugs.assigned_to', of: (bug) => bug.assignedTo ?? 0 },
  '%qacontact%': { name: 'COALESCE(bugs.qa_contact,0)', of: (bug) => bug.qaContact ?? 0 },
};

export function isPronoun(value: string): boolean {
  return /^%\w+%$/.test(value);
}

/** The test of a CC chart whose value is a pronoun: a negated operator matches when no CC matches the positive one. */
export function ccPronounTest(operator: string, pronoun: string, caller: User | undefined): (bug: Bug) => boolean {
  const positive = NEGATED[operator] ?? operator;
  const column = COLUMNS[pronoun];
  if (column === undefined && pronoun !== '%user%') {
    throw new BugzillaError(
      32000,
      `The pronoun you used (${pronoun}) is illegal. You must use one of the approved pronouns. Please see Pronoun Substitution for a complete list.`,
    );
  }
  if (column === undefined && caller === undefined) {
    throw new BugzillaError(
      32000,
      "You can't use %user% without being logged in, because %user% refers to your login name, which we don't know.",
    );
  }
  const compare = SIMPLE_OPERATORS[positive] ?? (positive === 'anyexact' ? SIMPLE_OPERATORS.equals : undefined);
  let matches: (bug: Bug) => boolean;
  if (compare !== undefined) {
    const target = column ? column.of : () => caller?.id ?? 0;
    matches = (bug) => bug.cc.some((id) => compare(id, target(bug)));
  } else {
    const make = OPERATORS[positive];
    if (make === undefined) throw unsupported(operator);
    const match = make(column ? column.name : String(caller?.id));
    matches = (bug) => bug.cc.some((id) => match(String(id)));
  }
  return positive === operator ? matches : (bug) => !matches(bug);
}
