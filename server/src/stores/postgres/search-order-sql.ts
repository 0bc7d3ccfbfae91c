import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { operandType } from '../../bugzilla/search/operand-types.js';
import type { OrderKey } from '../../bugzilla/search/search-order.js';
import { exprSql, operandSql, type SqlScope } from './search-sql.js';

/** An ORDER BY and what the bugs it orders must have (Search.pm joins a select's values INNER). */
export interface OrderSql {
  orderBy: string[];
  where: string[];
}

/** A select field's values sorted as 5.2 orders them (sortkey, then value). */
function sortedValues(catalogue: Catalogue, field: string): string[] {
  const standard = catalogue.data.fieldValues as Readonly<
    Record<string, readonly { value: string; sortkey: number }[]>
  >;
  const values =
    field === 'bug_status' ? catalogue.data.statuses : (catalogue.customField(field)?.values ?? standard[field] ?? []);
  return [...values]
    .sort((a, b) => a.sortkey - b.sortkey || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map((value) => value.value);
}

const SELECT_COLUMNS: Readonly<
  Record<string, 'bug_status' | 'resolution' | 'priority' | 'bug_severity' | 'op_sys' | 'rep_platform'>
> = {
  bug_status: 'bug_status',
  resolution: 'resolution',
  priority: 'priority',
  bug_severity: 'bug_severity',
  op_sys: 'op_sys',
  rep_platform: 'rep_platform',
};

/** The search's ORDER BY (search-order.ts), then the bug id. */
export function orderSql(keys: readonly OrderKey[], scope: SqlScope, catalogue: Catalogue): OrderSql {
  const orderBy: string[] = [];
  const where: string[] = [];
  const { values, dialect, b } = scope;
  const direction = (key: OrderKey) => (key.desc ? ' DESC' : '');
  for (const key of keys) {
    switch (key.kind) {
      case 'column': {
        const type = operandType(key.operand, () => undefined);
        orderBy.push(`${operandSql(key.operand, scope)}${type === 'text' ? dialect.collate : ''}${direction(key)}`);
        break;
      }
      case 'relevance':
        orderBy.push(
          `(${key.terms.map((term) => `CASE WHEN ${exprSql(term, { ...scope, rowByRow: true })} THEN 1 ELSE 0 END`).join(' + ') || '0'})${direction(key)}`,
        );
        break;
      case 'sortkey': {
        const custom = catalogue.customField(key.field);
        const column = SELECT_COLUMNS[key.field];
        const value = custom
          ? dialect.customColumn(custom.name, custom.type, b)
          : column && dialect.bugColumn(column, b, scope.context);
        if (value === undefined) break;
        const position = `array_position(${values.add(sortedValues(catalogue, key.field), 'text[]')}, ${value})`;
        where.push(`${position} IS NOT NULL`);
        orderBy.push(`${position}${direction(key)}`);
        break;
      }
      case 'milestone': {
        const milestones = catalogue.data.products.flatMap((product) =>
          product.milestones.map((milestone) => ({
            key: `${product.name}\u0001${milestone.value}`,
            sortkey: milestone.sortkey,
          })),
        );
        const composite = `${dialect.bugColumn('product', b, scope.context)} || E'\\x01' || ${dialect.bugColumn('target_milestone', b, scope.context)}`;
        const sortkey = `(${values.add(
          milestones.map((milestone) => milestone.sortkey),
          'int[]',
        )})[array_position(${values.add(
          milestones.map((milestone) => milestone.key),
          'text[]',
        )}, ${composite})]`;
        where.push(`${sortkey} IS NOT NULL`);
        orderBy.push(`${sortkey}${direction(key)}`);
        orderBy.push(`${dialect.bugColumn('target_milestone', b, scope.context)}${dialect.collate}${direction(key)}`);
        break;
      }
      case 'list':
        orderBy.push(`${listSql(key, scope)}${direction(key)}`);
        break;
    }
  }
  orderBy.push(`${b}.bug_id`);
  return { orderBy, where };
}

/** STRING_AGG of a bug's distinct values (sorted as text) of a multi-valued field, 5.2's buglist column. */
function listSql(key: Extract<OrderKey, { kind: 'list' }>, scope: SqlScope): string {
  const { dialect, b, collate } = { dialect: scope.dialect, b: scope.b, collate: scope.dialect.collate };
  if (key.relation === 'flag_names') {
    const relation = dialect.relation('flags');
    const name = relation.column('f', 'name');
    return `(SELECT string_agg(n, ', ' ORDER BY o) FROM (SELECT n, min(o) AS o FROM (SELECT ${name} AS n,
      row_number() OVER (ORDER BY ${dialect.flagOrder('f')}) AS o ${relation.from('f', b, undefined, scope.values)}
      AND f.attach_id IS NULL) s GROUP BY n) t)`;
  }
  const relation = dialect.relation(key.relation);
  const column =
    key.relation === 'aliases'
      ? 'alias'
      : key.relation === 'multi_select'
        ? 'value'
        : key.relation === 'blocked' || key.relation === 'dependson'
          ? 'id'
          : 'name';
  const own = key.relation === 'tags' ? ` AND ${relation.column('r', 'own_tag')} IS NOT NULL` : '';
  return `(SELECT string_agg(DISTINCT v${collate}, ', ' ORDER BY v${collate}) FROM (SELECT (${relation.column('r', column)})::text AS v
    ${relation.from('r', b, key.field, scope.values)}${own}) s)`;
}
