import type { Bug, User } from '../types.js';
import { compileRegexp } from './regexp.js';
import type { BugColumn, Expr, Join, Literal, Operand, Relation, SearchWhere, Test, UserRef } from './search-term.js';

/** A value as SQL has it; null is NULL. */
export type SqlValue = string | number | null;
/** A joined row: its columns by name. */
export type SearchRow = Readonly<Record<string, SqlValue>>;

/** What a store in memory answers a search's terms with. */
export interface SearchRowSource {
  column(bug: Bug, column: BugColumn): SqlValue;
  custom(bug: Bug, name: string, unsetIsNull?: boolean): SqlValue;
  user(id: number): User | undefined;
  rows(bug: Bug, relation: Relation, field: string | undefined): readonly SearchRow[];
  /** Whether the user commented (or changed a bug) after `since` (`YYYY-MM-DD HH:MM:SS`). */
  touched(userId: number, source: 'comments' | 'activity', since: string): boolean;
}

/** SQL's three values: true, false, and unknown (null). */
type Truth = boolean | null;

export interface Scope {
  bug: Bug;
  /** The row of the enclosing sub-select. */
  own: SearchRow | undefined;
  /** The rows the joins stand at (null: the join's row of NULLs). */
  joined: ReadonlyMap<string, SearchRow | null>;
}

/**
 * Whether the bug is found: the WHERE is true for some combination of its joined rows, a join without
 * a matching row standing for one row of NULLs (a LEFT JOIN, then GROUP BY bug_id).
 */
export function bugMatches(search: SearchWhere, bug: Bug, source: SearchRowSource): boolean {
  if (search.joins.size === 0)
    return evaluate(search.where, { bug, own: undefined, joined: new Map() }, source) === true;
  const choices: Array<[string, Array<SearchRow | null>]> = [];
  for (const [alias, join] of search.joins) choices.push([alias, joinRows(bug, join, source)]);
  const joined = new Map<string, SearchRow | null>();
  const tryFrom = (index: number): boolean => {
    if (index === choices.length) return evaluate(search.where, { bug, own: undefined, joined }, source) === true;
    const [alias, rows] = choices[index] as [string, Array<SearchRow | null>];
    for (const row of rows) {
      joined.set(alias, row);
      if (tryFrom(index + 1)) return true;
    }
    return false;
  };
  return tryFrom(0);
}

function joinRows(bug: Bug, join: Join, source: SearchRowSource): Array<SearchRow | null> {
  const rows = source
    .rows(bug, join.relation, join.field)
    .filter((row) => evaluate(join.on, { bug, own: row, joined: new Map() }, source) === true);
  return rows.length > 0 ? rows : [null];
}

export function evaluate(expr: Expr, scope: Scope, source: SearchRowSource): Truth {
  switch (expr.kind) {
    case 'and': {
      let result: Truth = true;
      for (const item of expr.items) {
        const value = evaluate(item, scope, source);
        if (value === false) return false;
        if (value === null) result = null;
      }
      return result;
    }
    case 'or': {
      let result: Truth = false;
      for (const item of expr.items) {
        const value = evaluate(item, scope, source);
        if (value === true) return true;
        if (value === null) result = null;
      }
      return result;
    }
    case 'not': {
      const value = evaluate(expr.item, scope, source);
      return value === null ? null : !value;
    }
    case 'const':
      return expr.value;
    case 'isNull':
      return operandValue(expr.operand, scope, source) === null;
    case 'present':
      return scope.joined.get(expr.alias) != null;
    case 'exists':
      for (const row of source.rows(scope.bug, expr.relation, expr.field)) {
        if (evaluate(expr.where, { bug: scope.bug, own: row, joined: scope.joined }, source) === true) return true;
      }
      return false;
    case 'touched': {
      const id = userIdOf(expr.user, scope, source);
      return id === null ? false : source.touched(id, expr.source, expr.since);
    }
    case 'test':
      return testValue(operandValue(expr.operand, scope, source), expr.test, scope, source);
  }
}

function userIdOf(ref: UserRef, scope: Scope, source: SearchRowSource): number | null {
  const id = operandValue(ref, scope, source);
  return typeof id === 'number' ? id : null;
}

export function operandValue(operand: Operand, scope: Scope, source: SearchRowSource): SqlValue {
  switch (operand.kind) {
    case 'bug':
      return source.column(scope.bug, operand.column);
    case 'custom':
      return source.custom(scope.bug, operand.name, operand.unsetIsNull);
    case 'row': {
      const row = operand.alias === undefined ? scope.own : scope.joined.get(operand.alias);
      return row?.[operand.column] ?? null;
    }
    case 'user': {
      const id = userIdOf(operand.of, scope, source);
      const user = id === null ? undefined : source.user(id);
      if (user === undefined) return null;
      return operand.attr === 'login_name' ? user.login : user.realName;
    }
    case 'member': {
      const id = userIdOf(operand.of, scope, source);
      const user = id === null ? undefined : source.user(id);
      return user !== undefined && operand.groups.some((group) => user.groups.includes(group)) ? 1 : null;
    }
    case 'coalesce':
      return operandValue(operand.of, scope, source) ?? operand.value;
    case 'untilAt': {
      const value = operandValue(operand.of, scope, source);
      return value === null ? null : (String(value).split('@')[0] ?? '');
    }
    case 'dateText': {
      const value = operandValue(operand.of, scope, source);
      return value === null ? null : String(value).slice(0, 10);
    }
  }
}

function literalValue(literal: Literal, scope: Scope, source: SearchRowSource): SqlValue {
  return typeof literal === 'object' ? operandValue(literal.operand, scope, source) : literal;
}

/** SQL's comparison: numbers by value, text by code unit (the C collation). */
function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const CMP = {
  '=': (c: number) => c === 0,
  '!=': (c: number) => c !== 0,
  '<': (c: number) => c < 0,
  '<=': (c: number) => c <= 0,
  '>': (c: number) => c > 0,
  '>=': (c: number) => c >= 0,
} as const;

/** A test of a value that compares with literals only (no other column): true, false or unknown. */
export function testConstant(value: SqlValue, compared: Test): Truth | undefined {
  const literals = compared.op === 'cmp' ? [compared.value] : compared.op === 'in' ? compared.values : [];
  if (literals.some((literal) => typeof literal === 'object')) return undefined;
  return testValue(value, compared, NO_SCOPE, NO_SOURCE);
}

const NO_SCOPE: Scope = { bug: undefined as unknown as Bug, own: undefined, joined: new Map() };
const NO_SOURCE = undefined as unknown as SearchRowSource;

function testValue(value: SqlValue, compared: Test, scope: Scope, source: SearchRowSource): Truth {
  if (value === null) return null;
  switch (compared.op) {
    case 'cmp': {
      const other = literalValue(compared.value, scope, source);
      return other === null ? null : CMP[compared.cmp](compare(value, other));
    }
    case 'in': {
      let unknown = false;
      for (const literal of compared.values) {
        const other = literalValue(literal, scope, source);
        if (other === null) unknown = true;
        else if (compare(value, other) === 0) return true;
      }
      return unknown ? null : false;
    }
    case 'ilike': {
      const found = String(value).toLowerCase().includes(compared.text.toLowerCase());
      return compared.not ? !found : found;
    }
    case 'like':
      return String(value).includes(compared.text);
    case 'regexp': {
      const found = compileRegexp(compared.pattern).test(String(value));
      return compared.not ? !found : found;
    }
    case 'lowerLike':
      return likePattern(compared.pattern).test(String(value).toLowerCase());
  }
}

const likes = new Map<string, RegExp>();

/** PostgreSQL's LIKE: % any text, _ one character, a backslash escapes the next. */
function likePattern(pattern: string): RegExp {
  let found = likes.get(pattern);
  if (found) return found;
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < pattern.length)
      source += (pattern[++i] as string).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (char === '%') source += '[^]*';
    else if (char === '_') source += '[^]';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  found = new RegExp(`^${source}$`, 'u');
  if (likes.size > 1000) likes.clear();
  likes.set(pattern, found);
  return found;
}
