import type { ChartArgs } from './chart-args.js';
import { pronounValue } from './pronouns.js';
import { sqlifyDate } from './search-dates.js';
import { searchErrors } from './search-errors.js';
import { and, type Expr, type Literal, row, test } from './search-term.js';

/**
 * Search.pm's changed* operators, over the bug's history (bugs_activity, by fieldid): a change of the
 * field before or after a date (changedbefore/changedafter), from or to a value (changedfrom/changedto),
 * by a user (changedby). Each is a join of its own (act_FIELD_CHART), so conditions of one ClauseGroup
 * on the same field ask for one change that meets them all (creation_ts's dates: operator-terms.ts).
 */
export function changedTerm(args: ChartArgs): void {
  const { field, operator } = args;
  const alias = `act_${field}_${args.chartId}`;
  let condition: Expr;
  if (operator === 'changedbefore' || operator === 'changedafter') {
    const cmp = operator === 'changedbefore' ? '<=' : '>=';
    condition = test(row('bug_when'), { op: 'cmp', cmp, value: sqlifyDate(args.value, args.context.now) });
  } else if (operator === 'changedfrom' || operator === 'changedto') {
    const column = operator === 'changedfrom' ? 'removed' : 'added';
    condition = test(row(column), { op: 'cmp', cmp: '=', value: args.quoted });
  } else {
    condition = test(row('who'), { op: 'cmp', cmp: '=', value: userIdOf(args, args.value) });
  }
  args.joins.push([alias, { relation: 'activity', field, on: and(condition, ...securityCheck(args)) }]);
  args.term = { kind: 'present', alias };
}

/**
 * _changed_security_check: who is not an insider does not see changes of private attachments (their
 * fields and flags). 5.2 tests the attachment in the WHERE beside the join's presence; here it is part
 * of the join, which answers the same unless the chart is negated.
 */
function securityCheck(args: ChartArgs): Expr[] {
  if (args.context.insider || !/^(?:flagtypes\.name$|attach)/.test(args.field)) return [];
  return [test(row('attach_private'), { op: 'cmp', cmp: '=', value: 0 })];
}

/** _get_user_id: a pronoun, or the id of a login (5.2's invalid_username when there is none). */
export function userIdOf(args: ChartArgs, value: string): Literal {
  if (/^%\w+%$/.test(value)) return pronounValue(value, args.context);
  const id = args.context.userIds.get(value.toLowerCase());
  if (id === undefined) throw searchErrors.invalidUsername(value);
  return id;
}
