import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { CompiledSearch } from '../../bugzilla/search/compiled-search.js';
import { timestampText } from '../../bugzilla/search/search-dates.js';
import type { Expr, Relation, SearchWhere } from '../../bugzilla/search/search-term.js';
import { type SearchSqlDialect, SqlValues } from './search-dialect.js';
import { orderSql } from './search-order-sql.js';
import { RELATION_COLUMNS } from './search-relations.js';
import { exprSql, rowColumnName, type SqlScope } from './search-sql.js';

/** Where the bugs' rows come from (bug-reads.ts BugReadSql), the bug as `b`. */
export interface BugRowSql {
  bugsFrom: string;
}

/**
 * One search as one statement: the ids of the bugs the viewer may see (Search.pm's bug group
 * security, as canSeeBug decides it) that the WHERE finds, ordered, one page of them; every value a
 * placeholder. Ids only, as Search.pm's `data` gives Bug.search its ids and the bugs are then read
 * by them: a statement with the bug row's dozen sub-selects took PostgreSQL 20 ms to parse and plan
 * for each search, where the ids alone take well under one.
 */
export function searchStatement(
  search: CompiledSearch,
  rows: BugRowSql,
  dialectFor: (values: SqlValues, me: () => string) => SearchSqlDialect,
  catalogue: Catalogue,
): { text: string; values: unknown[] } {
  const values = new SqlValues();
  let meParam: string | undefined;
  const me = () => {
    meParam ??= values.add(search.viewer.user?.id ?? 0, 'int');
    return meParam;
  };
  const dialect = dialectFor(values, me);
  let nowParam: string | undefined;
  const now = () => {
    nowParam ??= dialect.timestamp(values, timestampText(search.now));
    return nowParam;
  };
  const scope: SqlScope = { dialect, values, context: { me, now }, b: 'b', own: undefined, joins: new Map(), depth: 0 };
  const conditions = search.unrestricted ? ['TRUE'] : [dialect.standardWhere('b'), visibility(search, values)];
  if (search.where !== null) conditions.push(whereSql(search.where, scope));
  const order = orderSql(search.order, scope, catalogue);
  conditions.push(...order.where);
  const limit = values.add(search.limit, 'int');
  const offset = values.add(search.offset, 'int');
  const text = `SELECT b.bug_id FROM ${rows.bugsFrom}
    WHERE ${conditions.join('\n      AND ')}
    ORDER BY ${order.orderBy.join(', ')} LIMIT ${limit} OFFSET ${offset}`;
  return { text, values: values.values };
}

/**
 * The WHERE, and the joins it reads row by row: each a LEFT JOIN LATERAL of the bug's matching rows (one
 * row of NULLs when none matches), the WHERE true for some combination of them, as GROUP BY bug_id finds it.
 */
function whereSql(where: SearchWhere, scope: SqlScope): string {
  if (where.joins.size === 0) return exprSql(where.where, scope);
  const joins = new Map<string, { alias: string; relation: Relation }>();
  const laterals: string[] = [];
  for (const [name, join] of where.joins) {
    const alias = `j${joins.size}`;
    const rowAlias = `${alias}r`;
    const relation = scope.dialect.relation(join.relation);
    const own: SqlScope = {
      dialect: scope.dialect,
      values: scope.values,
      context: scope.context,
      b: scope.b,
      own: { alias: rowAlias, relation: join.relation },
      joins: scope.joins,
      depth: scope.depth + 1,
    };
    const columns = RELATION_COLUMNS[join.relation].map(
      (column) => `${relation.column(rowAlias, column)} AS ${rowColumnName(column)}`,
    );
    laterals.push(`LEFT JOIN LATERAL (SELECT 1 AS ${rowColumnName('present')}, ${columns.join(', ')}
      ${relation.from(rowAlias, scope.b, join.field, scope.values)} AND ${exprSql(join.on, own)}) ${alias} ON TRUE`);
    joins.set(name, { alias, relation: join.relation });
  }
  const inner: SqlScope = {
    dialect: scope.dialect,
    values: scope.values,
    context: scope.context,
    b: scope.b,
    own: undefined,
    joins,
    depth: scope.depth,
  };
  return `EXISTS (SELECT 1 FROM (SELECT 1) q ${laterals.join(' ')} WHERE ${exprSql(where.where as Expr, inner)})`;
}

/** Who may see the bug (access.ts canSeeBug): no group, or the viewer's groups, or a role on it. */
function visibility(search: CompiledSearch, values: SqlValues): string {
  const { user, orGroups, useQaContact } = search.viewer;
  const ungrouped = 'NOT EXISTS (SELECT 1 FROM bug_group_map gm WHERE gm.bug_id = b.bug_id)';
  if (user === undefined) return ungrouped;
  const groups = values.add(user.groups, 'text[]');
  const grouped = orGroups
    ? `(${ungrouped} OR EXISTS (SELECT 1 FROM bug_group_map gm JOIN groups g ON g.id = gm.group_id
         WHERE gm.bug_id = b.bug_id AND g.name = ANY (${groups})))`
    : `NOT EXISTS (SELECT 1 FROM bug_group_map gm JOIN groups g ON g.id = gm.group_id
         WHERE gm.bug_id = b.bug_id AND NOT (g.name = ANY (${groups})))`;
  const id = values.add(user.id, 'int');
  const roles = [
    `(b.reporter_accessible = 1 AND b.reporter = ${id})`,
    `(b.cclist_accessible = 1 AND EXISTS (SELECT 1 FROM cc vc WHERE vc.bug_id = b.bug_id AND vc.who = ${id}))`,
    `b.assigned_to = ${id}`,
    ...(useQaContact ? [`b.qa_contact = ${id}`] : []),
  ];
  return `(${grouped} OR ${roles.join(' OR ')})`;
}
