import { type ChartArgs, reverseOperator } from './chart-args.js';
import { doOperatorFunction } from './operator-terms.js';
import { and, type Expr, not, type Operand, type Relation, row, TRUE, test, type UserRef } from './search-term.js';

/** Search.pm's USER_FIELDS: where a user field's user is, when not a column of the bug. */
const USER_FIELDS: Readonly<
  Record<string, { relation: Relation; column: string; isprivate?: true; nullable?: true } | { nullable: true }>
> = {
  'attachments.submitter': { relation: 'attachments', column: 'submitter_id', isprivate: true },
  cc: { relation: 'cc', column: 'who' },
  commenter: { relation: 'comments', column: 'who', isprivate: true },
  qa_contact: { nullable: true },
  'requestees.login_name': { relation: 'flags', column: 'requestee_id', nullable: true },
  'setters.login_name': { relation: 'flags', column: 'setter_id' },
};

/**
 * _user_nonchanged: a user field compared by login (or real name, for the `_realname` fields; by id,
 * after a pronoun). A column of the bug is then tested like any; a user in another table's rows (CC,
 * commenters, flag setters and requestees, attachment creators) is some row whose user matches, and a
 * negative operator asks that none does (the positive one reversed).
 */
export function userNonchanged(args: ChartArgs): void {
  const spec = USER_FIELDS[args.field];
  const other = spec !== undefined && 'relation' in spec ? spec : undefined;
  const nullable = spec?.nullable === true;
  const role = args.field.replace(/_realname$/, '') as 'assigned_to' | 'reporter' | 'qa_contact';
  const user: UserRef = other ? row(other.column) : { kind: 'bug', column: role };
  const conditions: Expr[] = [];
  if (other?.isprivate && !args.context.insider) conditions.push(test(row('isprivate'), eq(0)));
  let operand: Operand;
  if (args.valueIsId) {
    operand = nullable ? { kind: 'coalesce', of: user, value: 0 } : user;
  } else {
    // The profiles join: a row without a user (a flag with no requestee) has none to match.
    if (other && nullable) conditions.push(not({ kind: 'isNull', operand: user }));
    const realname = args.field.endsWith('_realname');
    operand = { kind: 'user', of: user, attr: realname ? 'realname' : 'login_name' };
    if (nullable) operand = { kind: 'coalesce', of: operand, value: '' };
    // The real names are joined INNER: a bug without that user (no QA contact) is never found.
    if (realname && !other) args.required.push(not({ kind: 'isNull', operand: { kind: 'bug', column: role } }));
  }
  args.fullField = operand;
  if (!other) return;
  const negative = /^(?:no|isempty)/.test(args.operator);
  if (negative) args.operator = reverseOperator(args.operator);
  doOperatorFunction(args);
  // An empty term (anyexact of no value) adds no condition to the join: any such row then counts.
  const matched = args.term ?? TRUE;
  const some: Expr = { kind: 'exists', relation: other.relation, where: and(...conditions, matched) };
  args.term = negative ? not(some) : some;
}

function eq(value: number) {
  return { op: 'cmp', cmp: '=', value } as const;
}
