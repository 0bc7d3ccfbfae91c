import { type SearchField, TYPE } from './search-fields.js';
import type { BugColumn, Expr, Operand, Relation } from './search-term.js';

/**
 * One key of a search's ORDER BY, as Search.pm's _sql_order_by writes it: a column (NULLs last
 * ascending, first descending, text in the database's C collation), a select field by its values'
 * sortkey then value (bugs whose value is not in the field's table are left out: 5.2 joins it INNER),
 * the milestone likewise within the bug's product, or the list of a multi-valued field's values
 * (STRING_AGG of the distinct values, sorted as text, `, ` between).
 */
export type OrderKey =
  | { kind: 'column'; operand: Operand; desc: boolean }
  /** The full-text charts' relevance: how many of these terms are true. */
  | { kind: 'relevance'; terms: readonly Expr[]; desc: boolean }
  | { kind: 'sortkey'; field: string; desc: boolean }
  | { kind: 'milestone'; desc: boolean }
  | { kind: 'list'; relation: Relation | 'flag_names'; field?: string; desc: boolean };

/** Search.pm's COLUMNS renamed (old_names): how `order` names these fields. */
const COLUMN_NAMES: Readonly<Record<string, string>> = {
  creation_ts: 'opendate',
  delta_ts: 'changeddate',
  work_time: 'actual_time',
};

/** The select fields Search.pm orders by sortkey (SPECIAL_ORDER: every single select but the abnormal ones). */
const SORTKEY_FIELDS = new Set(['rep_platform', 'op_sys', 'bug_status', 'resolution', 'bug_severity', 'priority']);

/** What the search's criteria made of the columns that depend on them, and who sees the list. */
export interface OrderContext {
  relevance: readonly Expr[] | undefined;
  /** Not logged in: logins show up to their `@` (and sort so). */
  anonymous: boolean;
}

/** The columns of the buglist, by their names in `order`, and what each is ordered by. */
function orderColumns(
  fields: ReadonlyMap<string, SearchField>,
  context: OrderContext,
): Map<string, (desc: boolean) => OrderKey> {
  const columns = new Map<string, (desc: boolean) => OrderKey>();
  const column = (operand: Operand) => (desc: boolean) => ({ kind: 'column', operand, desc }) as const;
  const bug = (name: BugColumn) => column({ kind: 'bug', column: name });
  for (const field of fields.values()) {
    if (!field.buglist) continue;
    const name = COLUMN_NAMES[field.name] ?? field.name;
    columns.set(name, keyOf(field, bug, column, context.anonymous));
  }
  columns.set('short_short_desc', bug('short_desc'));
  const { relevance } = context;
  if (relevance !== undefined) columns.set('relevance', (desc) => ({ kind: 'relevance', terms: relevance, desc }));
  return columns;
}

function keyOf(
  field: SearchField,
  bug: (name: BugColumn) => (desc: boolean) => OrderKey,
  column: (operand: Operand) => (desc: boolean) => OrderKey,
  anonymous: boolean,
): (desc: boolean) => OrderKey {
  const { name } = field;
  if (SORTKEY_FIELDS.has(name) || (field.custom && field.type === TYPE.singleSelect)) {
    return (desc) => ({ kind: 'sortkey', field: name, desc });
  }
  if (name === 'target_milestone') return (desc) => ({ kind: 'milestone', desc });
  const list = (relation: Relation | 'flag_names') => (desc: boolean) => ({ kind: 'list', relation, desc }) as const;
  switch (name) {
    case 'keywords':
      return list('keywords');
    case 'alias':
      return list('aliases');
    case 'blocked':
      return list('blocked');
    case 'dependson':
      return list('dependson');
    case 'tag':
      return list('tags');
    case 'flagtypes.name':
      return list('flag_names');
    case 'assigned_to':
    case 'reporter':
    case 'qa_contact': {
      const login: Operand = { kind: 'user', of: { kind: 'bug', column: name }, attr: 'login_name' };
      return column(anonymous ? { kind: 'untilAt', of: login } : login);
    }
    case 'assigned_to_realname':
    case 'reporter_realname':
    case 'qa_contact_realname': {
      const role = name.replace(/_realname$/, '') as 'assigned_to';
      return column({ kind: 'user', of: { kind: 'bug', column: role }, attr: 'realname' });
    }
    case 'longdescs.count':
      return bug('comment_count');
    case 'work_time':
      return bug('actual_time');
    case 'deadline':
      return column({ kind: 'dateText', of: { kind: 'bug', column: 'deadline' } });
    default:
      if (field.custom && field.type === TYPE.multiSelect) {
        return (desc) => ({ kind: 'list', relation: 'multi_select', field: name, desc });
      }
      if (field.custom) return column({ kind: 'custom', name, type: field.type });
      return bug(name as BugColumn);
  }
}

/** Search.pm's split_order_term: the column (lowercase) and ASC or DESC. */
function splitOrderTerm(term: string): { column: string; desc: boolean } {
  const match = /^(.+?)(?:\s+(ASC|DESC))?$/is.exec(term);
  return { column: (match?.[1] ?? '').toLowerCase(), desc: (match?.[2] ?? '').toUpperCase() === 'DESC' };
}

/** _translate_old_column: an SQL fragment of older buglist.cgi URLs (`bugs.bug_id`, `map_products.name`). */
function translateOldColumn(column: string, known: ReadonlyMap<string, unknown>): string {
  if (!column.includes('.')) return column;
  const as = /\bAS\s+(\w+)$/i.exec(column);
  if (as) return as[1] as string;
  const mapped = /map_(\w+?)s?\.(login_)?name/i.exec(column);
  if (mapped) return mapped[1] as string;
  // The fragment is some column's own SQL (`bugs.bug_id`, `bugs.creation_ts` for opendate).
  const bugsColumn = /^bugs\.(\w+)$/.exec(column)?.[1];
  const named = bugsColumn === undefined ? undefined : (COLUMN_NAMES[bugsColumn] ?? bugsColumn);
  return named !== undefined && known.has(named) ? named : column;
}

/**
 * Search.pm's _valid_order and _translate_order_by_column: the `order` Bug.search was given, each
 * column translated from its older names; columns it does not know left out, as 5.2 leaves them out.
 */
export function searchOrder(
  order: readonly string[],
  fields: ReadonlyMap<string, SearchField>,
  context: OrderContext,
): OrderKey[] {
  if (order.length === 0) return [];
  const columns = orderColumns(fields, context);
  const keys: OrderKey[] = [];
  for (const term of order) {
    const { column, desc } = splitOrderTerm(term);
    const make = columns.get(translateOldColumn(column, columns));
    if (make) keys.push(make(desc));
  }
  return keys;
}
