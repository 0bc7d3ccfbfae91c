import { isStorableText } from '../../bugzilla/ids.js';
import { type OperandType, operandType } from '../../bugzilla/search/operand-types.js';
import type { Expr, Literal, Operand, Relation, Test, UserRef } from '../../bugzilla/search/search-term.js';
import type { SqlScope } from './search-dialect.js';

/**
 * A search's WHERE (bugzilla/search/search-term.ts) as one PostgreSQL condition over the bug `b`, every
 * value a placeholder: sub-selects as EXISTS (what the planner turns into semi-joins over the indexes),
 * SQL's own three-valued logic, the texts compared as the stores in memory compare them.
 */
export type { SqlScope } from './search-dialect.js';

const CASTS: Readonly<Record<OperandType, string>> = {
  text: 'text',
  integer: 'numeric',
  numeric: 'numeric',
  timestamp: 'timestamp',
  date: 'date',
};

function typeOf(operand: Operand, scope: SqlScope): OperandType {
  return operandType(operand, (alias) =>
    alias === undefined ? scope.own?.relation : scope.joins.get(alias)?.relation,
  );
}

export function operandSql(operand: Operand, scope: SqlScope): string {
  switch (operand.kind) {
    case 'bug':
      return scope.dialect.bugColumn(operand.column, scope.b, scope.context);
    case 'custom':
      return scope.dialect.customColumn(operand.name, operand.type, scope.b, operand.unsetIsNull === true);
    case 'row': {
      const row = operand.alias === undefined ? scope.own : scope.joins.get(operand.alias);
      if (row === undefined) return 'NULL';
      return operand.alias === undefined
        ? scope.dialect.relation(row.relation).column(row.alias, operand.column)
        : `${row.alias}.${rowColumnName(operand.column)}`;
    }
    case 'user':
      return scope.dialect.userColumn(userIdSql(operand.of, scope), operand.attr);
    case 'member':
      return `CASE WHEN ${scope.dialect.memberOf(userIdSql(operand.of, scope), scope.values.add(operand.groups, 'text[]'))} THEN 1 END`;
    case 'coalesce': {
      // Search.pm's _nullable_* quote an untyped literal, which takes the column's type (a date/time's
      // EMPTY_DATETIME is a timestamp, a date's EMPTY_DATE a date).
      const type = typeOf(operand.of, scope);
      const cast =
        typeof operand.value === 'number' ? 'numeric' : type === 'timestamp' || type === 'date' ? type : 'text';
      return `COALESCE(${operandSql(operand.of, scope)}, ${scope.values.add(operand.value, cast)})`;
    }
    case 'dateText':
      return `to_char(${operandSql(operand.of, scope)}, 'YYYY-MM-DD')`;
    case 'untilAt':
      return `split_part(${operandSql(operand.of, scope)}, '@', 1)`;
  }
}

function userIdSql(ref: UserRef, scope: SqlScope): string {
  return operandSql(ref, scope);
}

/** A column's name in a quantified join's select list (quoted: the names are the relations' own). */
export function rowColumnName(column: string): string {
  return `"c_${column}"`;
}

function literalSql(literal: Literal, type: OperandType, scope: SqlScope): string {
  if (typeof literal === 'object') return operandSql(literal.operand, scope);
  if (type === 'timestamp' && typeof literal === 'string') return scope.dialect.timestamp(scope.values, literal);
  return scope.values.add(literal, CASTS[type]);
}

/** LIKE's special characters taken literally (the default escape, a backslash). */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

function testSql(operand: Operand, compared: Test, scope: SqlScope): string {
  // A user compared by login: the users it finds, as 5.2 sub-selects them (over profiles' own indexes).
  if (operand.kind === 'user' && !comparesColumns(compared)) {
    const inner = testOn(`p.${operand.attr}`, 'text', compared, scope);
    return `${userIdSql(operand.of, scope)} IN (SELECT p.userid FROM profiles p WHERE ${inner})`;
  }
  return testOn(operandSql(operand, scope), typeOf(operand, scope), compared, scope);
}

function comparesColumns(compared: Test): boolean {
  const literals = compared.op === 'cmp' ? [compared.value] : compared.op === 'in' ? compared.values : [];
  return literals.some((literal) => typeof literal === 'object');
}

/** Text no store can hold (isStorableText, the one rule), so no stored value equals or contains it. */
const hasNul = (value: unknown): boolean => typeof value === 'string' && !isStorableText(value);

/**
 * A test against text holding a NUL, answered without sending the text to PostgreSQL (whose text cannot hold one, so it
 * would refuse the statement): no stored text holds a NUL either (isStorableText), so such a value
 * equals and contains nothing, as the model's stores find. An `in` list drops those values.
 */
function withNul(compared: Test): boolean | undefined {
  switch (compared.op) {
    case 'cmp':
      if (!hasNul(compared.value) || (compared.cmp !== '=' && compared.cmp !== '!=')) return undefined;
      return compared.cmp !== '=';
    case 'in':
      return compared.values.length > 0 && compared.values.every(hasNul) ? false : undefined;
    case 'ilike':
    case 'regexp':
      if (!hasNul(compared.op === 'ilike' ? compared.text : compared.pattern)) return undefined;
      return compared.not;
    case 'like':
      return hasNul(compared.text) ? false : undefined;
    case 'lowerLike':
      return hasNul(compared.pattern) ? false : undefined;
  }
}

/** A test of `lhs`, an expression of `type`, as Search.pm's operator functions write it. */
export function testOn(lhs: string, type: OperandType, compared: Test, scope: SqlScope): string {
  const known = withNul(compared);
  // The left side is still written: the values it binds are numbered, and PostgreSQL types each one by its use.
  if (known !== undefined) return `((${lhs}) IS NULL ${known ? 'OR TRUE' : 'AND FALSE'})`;
  const text = type === 'text' ? lhs : `(${lhs})::text`;
  switch (compared.op) {
    case 'cmp': {
      const ordered = compared.cmp !== '=' && compared.cmp !== '!=' && type === 'text';
      const operator = compared.cmp === '!=' ? '<>' : compared.cmp;
      return `${lhs}${ordered ? scope.dialect.collate : ''} ${operator} ${literalSql(compared.value, type, scope)}`;
    }
    case 'in': {
      if (compared.values.length === 0) return 'FALSE';
      if (compared.values.some(hasNul))
        return testOn(lhs, type, { op: 'in', values: compared.values.filter((value) => !hasNul(value)) }, scope);
      if (comparesColumns(compared)) {
        return `${lhs} IN (${compared.values.map((value) => literalSql(value, type, scope)).join(', ')})`;
      }
      if (type === 'timestamp') {
        return `${lhs} IN (${compared.values.map((value) => literalSql(value, type, scope)).join(', ')})`;
      }
      return `${lhs} = ANY (${scope.values.add(compared.values, `${CASTS[type]}[]`)})`;
    }
    case 'ilike':
      return `${text} ${compared.not ? 'NOT ILIKE' : 'ILIKE'} ${scope.values.add(`%${likeEscaped(compared.text)}%`, 'text')}`;
    case 'like':
      return `${text} LIKE ${scope.values.add(`%${likeEscaped(compared.text)}%`, 'text')}`;
    case 'regexp':
      return `${text} ${compared.not ? '!~*' : '~*'} ${scope.values.add(compared.pattern, 'text')}`;
    case 'lowerLike':
      // Search.pm's LOWER(x) LIKE 'pattern' (the pattern lowercased): PostgreSQL's ILIKE lowers both sides
      // the same way (like.c), and it is what a trigram index (migration 0050) answers.
      return `${text} ILIKE ${scope.values.add(compared.pattern, 'text')}`;
  }
}

/** The scope inside a sub-select of `relation`, its rows `alias`. */
function within(scope: SqlScope, alias: string, relation: Relation): SqlScope {
  return {
    dialect: scope.dialect,
    values: scope.values,
    context: scope.context,
    b: scope.b,
    own: { alias, relation },
    joins: scope.joins,
    depth: scope.depth + 1,
  };
}

export function exprSql(expr: Expr, scope: SqlScope): string {
  switch (expr.kind) {
    case 'and':
      return `(${expr.items.map((item) => exprSql(item, notBranch(scope))).join(' AND ')})`;
    case 'or': {
      const overBug = scope.own === undefined && scope.joins.size === 0 && !scope.rowByRow;
      const branch = overBug ? { ...scope, orBranch: true } : scope;
      return `(${expr.items.map((item) => exprSql(item, branch)).join(' OR ')})`;
    }
    case 'not':
      return `NOT (${exprSql(expr.item, { ...scope, orBranch: false, rowByRow: true })})`;
    case 'const':
      return expr.value ? 'TRUE' : 'FALSE';
    case 'isNull':
      return `(${operandSql(expr.operand, scope)}) IS NULL`;
    case 'present': {
      const join = scope.joins.get(expr.alias);
      return join ? `${join.alias}.${rowColumnName('present')} IS NOT NULL` : 'FALSE';
    }
    case 'touched': {
      const table = expr.source === 'comments' ? 'longdescs' : 'bugs_activity';
      const since = scope.dialect.timestamp(scope.values, expr.since);
      return `EXISTS (SELECT 1 FROM ${table} t WHERE t.who = ${userIdSql(expr.user, scope)} AND t.bug_when > ${since})`;
    }
    case 'test': {
      const special = scope.dialect.specialTest?.(expr.operand, expr.test, scope);
      return special ?? testSql(expr.operand, expr.test, scope);
    }
    case 'exists': {
      const alias = `r${scope.depth}`;
      const relation = scope.dialect.relation(expr.relation);
      if (scope.orBranch) {
        // The same sub-select over a bug `o` of its own: the ids of the bugs it finds, computed once.
        const found = `EXISTS (SELECT 1 ${relation.from(alias, 'o', expr.field, scope.values)} AND ${exprSql(expr.where, within({ ...scope, b: 'o' }, alias, expr.relation))})`;
        return bugIdIn(scope.b, `SELECT o.bug_id FROM bugs o WHERE ${found}`);
      }
      const inner = within(scope, alias, expr.relation);
      return `EXISTS (SELECT 1 ${relation.from(alias, scope.b, expr.field, scope.values)} AND ${exprSql(expr.where, inner)})`;
    }
  }
}

/** The bug `b` among the ids `select` gives (non-null: true or false, as EXISTS is). */
export function bugIdIn(b: string, select: string): string {
  return `${b}.bug_id = ANY (ARRAY(${select}))`;
}

/** The scope for an expression inside an OR's branch: an AND's items are branches no more. */
const notBranch = (scope: SqlScope): SqlScope => (scope.orBranch ? { ...scope, orBranch: false } : scope);
