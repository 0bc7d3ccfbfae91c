import { type ChartArgs, reverseOperator } from './chart-args.js';
import { allValues, doOperatorFunction } from './operator-terms.js';
import { searchErrors } from './search-errors.js';
import { and, type Expr, FALSE, not, or, type Relation, row, TRUE, test } from './search-term.js';

/**
 * Search.pm's MULTI_SELECT_OVERRIDE: fields with several values per bug, kept in rows of another table
 * (keywords, dependencies, groups, personal tags, attachments, comment tags, See Also, multiple-selection
 * custom fields). A term asks whether some row matches (a sub-select); a negative operator asks that none
 * matches the positive one; the word operators make a term per word; `---` asks for no rows at all.
 */
export function multiselectNegative(args: ChartArgs): void {
  args.operator = reverseOperator(args.operator);
  args.term = multiselectTerm(args, true);
}

export function multiselectMultiple(args: ChartArgs): void {
  const words = args.operator === 'anyexact' ? allValues(args) : args.value.split(/[\s,]+/);
  const terms: Expr[] = [];
  for (const word of words) {
    if (word === '') continue;
    args.value = word;
    args.quoted = word;
    const term = multiselectTerm(args, false);
    if (term !== null && term !== undefined) terms.push(term);
  }
  args.term = terms.length === 0 ? null : args.operator.startsWith('any') ? or(...terms) : and(...terms);
}

export function multiselectNonchanged(args: ChartArgs): void {
  args.term = multiselectTerm(args, false);
}

/** The table a field's rows are in, the column a term tests, and what else they must meet. */
function multiselectTable(args: ChartArgs): { relation: Relation; extra: Expr[] } {
  const { field, context } = args;
  const visible = context.insider ? [] : [test(row('isprivate'), { op: 'cmp', cmp: '=', value: 0 })];
  const column = (name: string) => {
    args.fullField = row(name);
  };
  if (field === 'keywords') {
    column('name');
    return { relation: 'keywords', extra: [] };
  }
  if (field === 'tag') {
    column('name');
    return { relation: 'tags', extra: [not({ kind: 'isNull', operand: row('own_tag') })] };
  }
  if (field === 'bug_group') {
    column('name');
    return { relation: 'groups', extra: [] };
  }
  if (field === 'blocked' || field === 'dependson') {
    column('id');
    return { relation: field, extra: [] };
  }
  if (field === 'longdescs.isprivate') {
    if (!context.insider) throw searchErrors.notAuthorized(args.fieldDef.description);
    column('isprivate');
    return { relation: 'comments', extra: [] };
  }
  if (field.startsWith('attachments.')) {
    column(field.slice('attachments.'.length));
    return { relation: 'attachments', extra: visible };
  }
  if (field === 'attach_data.thedata') {
    column('thedata');
    return { relation: 'attachments', extra: visible };
  }
  if (field === 'comment_tag') {
    column('tag');
    return { relation: 'comment_tags', extra: visible };
  }
  column('value');
  return { relation: field === 'see_also' ? 'see_also' : 'multi_select', extra: [] };
}

/** _multiselect_term: some row matches (or, `none`, no row does); empty operators and `---` ask for rows at all. */
function multiselectTerm(args: ChartArgs, none: boolean): Expr | null | undefined {
  if (/^is(not)?empty$/.test(args.operator) || args.value === '---') return multiselectIsEmpty(args, none);
  const { relation, extra } = multiselectTable(args);
  args.term = undefined;
  doOperatorFunction(args);
  const where = and(args.term ?? TRUE, ...extra);
  const some: Expr = { kind: 'exists', relation, field: fieldOf(args, relation), where };
  return none ? not(some) : some;
}

function fieldOf(args: ChartArgs, relation: Relation): string | undefined {
  return relation === 'multi_select' ? args.field : undefined;
}

/**
 * _multiselect_isempty: whether the bug has rows (5.2 joins the table per chart). For comments, a
 * visible comment of no text, and for personal tags, a row that is not the searcher's, are asked of each
 * row; the descriptions, file names and types of attachments are never empty.
 */
export function multiselectIsEmpty(args: ChartArgs, none: boolean): Expr | undefined {
  const operator = none ? reverseOperator(args.operator) : args.operator;
  const present = operator === 'isnotempty';
  const { field, context, chartId } = args;
  const join = (alias: string, relation: Relation, on: Expr = TRUE): Expr => {
    args.joins.push([alias, { relation, field: fieldOf(args, relation), on }]);
    const has: Expr = { kind: 'present', alias };
    return present ? has : not(has);
  };
  if (field === 'keywords') return join(`keywords_${chartId}`, 'keywords');
  if (field === 'bug_group') return join(`bug_group_map_${chartId}`, 'groups');
  if (field === 'flagtypes.name') return join(`flags_${chartId}`, 'flags');
  if (field === 'blocked' || field === 'dependson') return join(`dependencies_${chartId}`, field);
  if (field === 'longdesc') {
    const alias = `longdescs_${chartId}`;
    const on = and(
      test(row('type'), { op: 'cmp', cmp: '!=', value: 2 }),
      ...(context.insider ? [] : [test(row('isprivate'), { op: 'cmp', cmp: '=', value: 0 })]),
    );
    args.joins.push([alias, { relation: 'comments', on }]);
    return test(row('thetext', alias), { op: 'cmp', cmp: present ? '!=' : '=', value: '' });
  }
  if (field === 'longdescs.isprivate') {
    throw searchErrors.fieldOperatorInvalid(args.fieldDef.description, field, operator);
  }
  if (field.startsWith('attachments.')) {
    if (['description', 'filename', 'mimetype'].includes(field.slice(12))) return present ? TRUE : FALSE;
    throw searchErrors.fieldOperatorInvalid(args.fieldDef.description, field, operator);
  }
  if (field === 'attach_data.thedata') {
    const visible = context.insider ? TRUE : test(row('isprivate'), { op: 'cmp', cmp: '=', value: 0 });
    return join(`attachments_${chartId}`, 'attachments', visible);
  }
  if (field === 'tag') {
    const alias = `bug_tag_${chartId}`;
    args.joins.push([alias, { relation: 'tags', on: TRUE }]);
    const own: Expr = { kind: 'isNull', operand: row('own_tag', alias) };
    return present ? not(own) : own;
  }
  if (field === 'see_also') return join(`bug_see_also_${chartId}`, 'see_also');
  if (args.fieldDef.custom) return join(`bug_${field}_${chartId}`, 'multi_select');
  return undefined;
}
