import type { ChartArgs, SearchContext } from './chart-args.js';
import { searchErrors } from './search-errors.js';
import type { Literal, UserRef } from './search-term.js';

/**
 * Search.pm's pronoun: `%user%` is the searcher's id (only when logged in); `%reporter%`, `%assignee%`
 * and `%qacontact%` the bug's own columns, which 5.2 writes into the SQL as they are; any other is
 * illegal_pronoun.
 */
export function pronounValue(noun: string, context: SearchContext): Literal {
  switch (noun) {
    case '%user%':
      if (context.user === undefined) throw searchErrors.pronounNeedsLogin();
      return context.user.id;
    case '%reporter%':
      return { operand: { kind: 'bug', column: 'reporter' } };
    case '%assignee%':
      return { operand: { kind: 'bug', column: 'assigned_to' } };
    case '%qacontact%':
      return { operand: { kind: 'coalesce', of: { kind: 'bug', column: 'qa_contact' }, value: 0 } };
    default:
      throw searchErrors.illegalPronoun(noun);
  }
}

/**
 * _contact_pronoun, for the user fields: `%group.NAME%` asks whether the user is in the group (the
 * searcher must be in it; 5.2 does not tell a group that exists from one that does not), another
 * pronoun stands for a user id. Text operators then see the id (or the column's name) as text.
 */
export function contactPronoun(args: ChartArgs): void {
  const { value } = args;
  if (/^%group\.[^%]+%$/.test(value)) {
    contactExactGroup(args, value.slice(7, -1));
  } else if (/^%\w+%$/.test(value)) {
    const id = pronounValue(value, args.context);
    args.value = typeof id === 'number' ? String(id) : pronounSql(value);
    args.quoted = id;
    args.valueIsId = true;
  }
}

/** The SQL 5.2 writes for a column pronoun, which a text operator then looks for as text. */
function pronounSql(noun: string): string {
  if (noun === '%reporter%') return 'bugs.reporter';
  if (noun === '%assignee%') return 'bugs.assigned_to';
  return 'COALESCE(bugs.qa_contact,0)';
}

/** Where each user field keeps its user: a column of the bug, or of the rows of another table. */
const IN_OTHER_TABLE: Readonly<Record<string, 'cc' | 'comments'>> = { cc: 'cc', commenter: 'comments' };

/**
 * _contact_exact_group: whether the field's user (for CC and commenter: some CC, some comment's author,
 * each row joined without other condition) is a member (isbless = 0) of the group; a `not…` operator
 * asks for a user who is not (so any CC outside the group, or no CC at all).
 */
function contactExactGroup(args: ChartArgs, name: string): void {
  const { context } = args;
  const group = context.catalogue.group(name);
  if (group === undefined || context.user === undefined || !context.user.groups.includes(group.name)) {
    throw searchErrors.invalidGroupName(name);
  }
  const table = IN_OTHER_TABLE[args.field];
  let user: UserRef;
  if (table !== undefined) {
    const alias = `${args.field}_${args.chartId}`;
    args.joins.push([alias, { relation: table, on: { kind: 'const', value: true } }]);
    user = { kind: 'row', column: 'who', alias };
  } else if (args.field === 'assigned_to' || args.field === 'reporter' || args.field === 'qa_contact') {
    user = { kind: 'bug', column: args.field };
  } else {
    // Search.pm joins user_group_map to the field's own column: the flag and attachment people have
    // none on the bug, and its SQL fails; no bug matches here.
    args.term = { kind: 'const', value: false };
    return;
  }
  const member = { kind: 'member', of: user, groups: [group.name] } as const;
  const inGroup = { kind: 'isNull', operand: member } as const;
  args.term = args.operator.startsWith('not') ? inGroup : { kind: 'not', item: inGroup };
}
