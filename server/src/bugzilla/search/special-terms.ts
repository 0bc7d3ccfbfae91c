import { userIdOf } from './changed-terms.js';
import type { ChartArgs } from './chart-args.js';
import { doOperatorFunction } from './operator-terms.js';
import { sqlifyDate } from './search-dates.js';
import { searchErrors } from './search-errors.js';
import { and, type Expr, not, or, row, test } from './search-term.js';

/*
 * Search.pm's search functions for fields that are neither a plain column nor a multi-valued one:
 * comments, the full-text content, comment counts, hours worked, idle assignees, last visits, and the
 * columns it wraps (COALESCE, dates as text).
 */

const visibleComment = (args: ChartArgs, alias?: string): Expr[] =>
  args.context.insider ? [] : [test(row('isprivate', alias), { op: 'cmp', cmp: '=', value: 0 })];

/** _long_desc_nonchanged: some comment the searcher may see matches (a negative operator: one that does not). */
export function longDescNonchanged(args: ChartArgs): void {
  const alias = `longdescs_${args.chartId}`;
  args.fullField = row('thetext');
  doOperatorFunction(args);
  const matched = args.term ?? { kind: 'const', value: true };
  args.joins.push([alias, { relation: 'comments', on: and(matched, ...visibleComment(args)) }]);
  args.term = { kind: 'present', alias };
}

/** _long_desc_changedby: some comment by the user (one the searcher may see). */
export function longDescChangedBy(args: ChartArgs): void {
  const alias = `longdescs_${args.chartId}`;
  args.joins.push([alias, { relation: 'comments', on: { kind: 'const', value: true } }]);
  const by = test(row('who', alias), { op: 'cmp', cmp: '=', value: userIdOf(args, args.value) });
  args.term = and(by, ...visibleComment(args, alias));
}

/** _long_desc_changedbefore_after: some comment (the searcher may see) made before or after the date. */
export function longDescChangedWhen(args: ChartArgs): void {
  const alias = `longdescs_${args.chartId}`;
  const cmp = args.operator.includes('before') ? '<=' : '>=';
  const when = test(row('bug_when'), { op: 'cmp', cmp, value: sqlifyDate(args.value, args.context.now) });
  args.joins.push([alias, { relation: 'comments', on: when }]);
  args.term = and({ kind: 'present', alias }, ...visibleComment(args, alias));
}

/** _work_time_changedby: some comment by the user that recorded hours. */
export function workTimeChangedBy(args: ChartArgs): void {
  const alias = `longdescs_${args.chartId}`;
  args.joins.push([alias, { relation: 'comments', on: { kind: 'const', value: true } }]);
  args.term = and(
    test(row('who', alias), { op: 'cmp', cmp: '=', value: userIdOf(args, args.value) }),
    test(row('work_time', alias), { op: 'cmp', cmp: '!=', value: 0 }),
  );
}

/** _work_time_changedbefore_after: some comment that recorded hours before or after the date. */
export function workTimeChangedWhen(args: ChartArgs): void {
  const alias = `longdescs_${args.chartId}`;
  const cmp = args.operator.includes('before') ? '<=' : '>=';
  const on = and(
    test(row('work_time'), { op: 'cmp', cmp: '!=', value: 0 }),
    test(row('bug_when'), { op: 'cmp', cmp, value: sqlifyDate(args.value, args.context.now) }),
  );
  args.joins.push([alias, { relation: 'comments', on }]);
  args.term = { kind: 'present', alias };
}

/**
 * _content_matches: the full-text search of `content` (only with `matches`): every word (or the one
 * quoted phrase) in the comments the searcher may see, or every word in the summary, as DB.pm's
 * sql_fulltext_search writes it on PostgreSQL (LOWER(x) LIKE '%word%', the word as given).
 */
export function contentMatches(args: ChartArgs): void {
  const lower = args.value.toLowerCase();
  const phrase = lower.startsWith('"') && lower.endsWith('"');
  const words = phrase ? [lower.replace(/^"/, '').replace(/"$/, '')] : lower.split(/\s+/);
  while (words.length > 0 && words[words.length - 1] === '' && !phrase) words.pop();
  const all = (column: 'comments_text' | 'public_comments_text' | 'short_desc') =>
    and(...words.map((word) => test({ kind: 'bug', column }, { op: 'lowerLike', pattern: `%${word}%` })));
  const comments = all(args.context.insider ? 'comments_text' : 'public_comments_text');
  const summary = all('short_desc');
  const negated = args.operator.includes('not');
  args.term = negated ? not(or(comments, summary)) : or(comments, summary);
  const { context } = args;
  if (negated) context.relevance = 'zero';
  else context.relevance = [...(Array.isArray(context.relevance) ? context.relevance : []), comments, summary];
}

export function contentOnlyMatches(): void {
  throw searchErrors.contentWithoutMatches();
}

/** _long_descs_count: the number of comments the searcher may see (NULL for none). */
export function longDescsCount(args: ChartArgs): void {
  args.fullField = { kind: 'bug', column: args.context.insider ? 'comment_count' : 'public_comment_count' };
}

/** _work_time: the hours worked (their sum); 5.2 joins it INNER, so a bug without comments is not found. */
export function workTime(args: ChartArgs): void {
  args.fullField = { kind: 'bug', column: 'actual_time' };
  args.required.push(not({ kind: 'isNull', operand: args.fullField }));
}

/** _percentage_complete: 100 × worked / (worked + left), floored (0 when both are 0). */
export function percentageComplete(args: ChartArgs): void {
  args.fullField = { kind: 'bug', column: 'percentage_complete' };
  args.required.push(not({ kind: 'isNull', operand: { kind: 'bug', column: 'actual_time' } }));
}

/** _last_visit_ts: the searcher's last visit of the bug (NULL when none). */
export function lastVisitTs(args: ChartArgs): void {
  args.fullField = { kind: 'bug', column: 'last_visit_ts' };
}

/** _days_elapsed: days since the bug last changed (TO_DAYS(NOW()) - TO_DAYS(delta_ts)). */
export function daysElapsed(args: ChartArgs): void {
  args.fullField = { kind: 'bug', column: 'days_elapsed' };
}

/**
 * _owner_idle_time_greater_less: the assignee made no comment and no change, on any bug, after the date
 * (greater…), or did (less…).
 */
export function ownerIdleTime(args: ChartArgs): void {
  const since = sqlifyDate(args.value, args.context.now);
  const assignee = { kind: 'bug', column: 'assigned_to' } as const;
  const comments: Expr = { kind: 'touched', user: assignee, source: 'comments', since };
  const activity: Expr = { kind: 'touched', user: assignee, source: 'activity', since };
  args.term = args.operator.includes('greater') ? and(not(comments), not(activity)) : or(comments, activity);
}

/** _alias_nonchanged: some alias matches (a negative operator: some alias does not). */
export function aliasNonchanged(args: ChartArgs): void {
  args.fullField = row('alias');
  doOperatorFunction(args);
  args.term = { kind: 'exists', relation: 'aliases', where: args.term ?? { kind: 'const', value: true } };
}

/** _nullable, _nullable_int, _nullable_datetime, _nullable_date: NULL reads as the type's empty value. */
export function nullable(value: string | number) {
  return (args: ChartArgs): void => {
    args.fullField = { kind: 'coalesce', of: args.fullField, value };
  };
}

/** _deadline: the date as `YYYY-MM-DD` text (so equals works on every database), NULL as the empty datetime. */
export function deadline(args: ChartArgs): void {
  args.fullField = { kind: 'coalesce', of: { kind: 'dateText', of: args.fullField }, value: '1970-01-01 00:00:00' };
}

/** _flagtypes_nonchanged: some flag of the bug or its attachments (`name` and status, as `review+`). */
export function flagtypesNonchanged(args: ChartArgs, isEmpty: (args: ChartArgs) => void): void {
  if (/^is(not)?empty$/.test(args.operator)) {
    isEmpty(args);
    return;
  }
  // A `not…` operator asks for bugs without such a flag: the positive one, and the condition negated.
  if (args.operator.startsWith('not')) {
    args.operator = args.operator.slice(3);
    args.forceNegate = true;
  }
  args.fullField = row('name');
  doOperatorFunction(args);
  args.term = { kind: 'exists', relation: 'flags', where: args.term ?? { kind: 'const', value: true } };
}
