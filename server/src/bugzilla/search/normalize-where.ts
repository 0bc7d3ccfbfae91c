import type { TranslatedCriteria } from './criteria-to-where.js';
import { type OperandType, operandType } from './operand-types.js';
import { timestampLiteral } from './search-dates.js';
import { searchErrors } from './search-errors.js';
import type { Expr, Join, Literal, Operand, Relation, SearchWhere, Test } from './search-term.js';

/**
 * The translated criteria made ready for a store: a join read only for whether it has a row becomes a
 * sub-select (the same answer, and what a database runs over its indexes); literals are read as the
 * column they are compared with reads them (a timestamp as PostgreSQL reads one, a number as a number);
 * what every bug must meet is ANDed in. Null where nothing is asked.
 */
export function normalizeWhere(translated: TranslatedCriteria, now: number): SearchWhere | null {
  const parts = [...translated.required];
  if (translated.where !== null) parts.push(translated.where);
  if (parts.length === 0) return null;
  const readOtherwise = new Set<string>();
  const mark = (expr: Expr): void => {
    visit(expr, (node) => {
      if (node.kind === 'test' || node.kind === 'isNull') {
        for (const operand of operandsOf(node)) {
          const alias = rowAlias(operand);
          if (alias !== undefined) readOtherwise.add(alias);
        }
      }
    });
  };
  for (const part of parts) mark(part);
  const joins = new Map<string, Join>();
  for (const [alias, join] of translated.joins) if (readOtherwise.has(alias)) joins.set(alias, join);
  const relationOf = (alias: string | undefined, inside: Relation | undefined) =>
    alias === undefined ? inside : translated.joins.get(alias)?.relation;
  const rewrite = (expr: Expr, inside: Relation | undefined): Expr => {
    switch (expr.kind) {
      case 'and':
      case 'or':
        return { kind: expr.kind, items: expr.items.map((item) => rewrite(item, inside)) };
      case 'not':
        return { kind: 'not', item: rewrite(expr.item, inside) };
      case 'present': {
        if (joins.has(expr.alias)) return expr;
        const join = translated.joins.get(expr.alias) as Join;
        return { kind: 'exists', relation: join.relation, field: join.field, where: rewrite(join.on, join.relation) };
      }
      case 'exists':
        return {
          kind: 'exists',
          relation: expr.relation,
          field: expr.field,
          where: rewrite(expr.where, expr.relation),
        };
      case 'test': {
        const typeOf = (operand: Operand) => operandType(operand, (alias) => relationOf(alias, inside));
        const type = typeOf(expr.operand);
        for (const literal of literalsOf(expr.test)) {
          if (typeof literal === 'object' && !comparable(type, typeOf(literal.operand))) {
            throw searchErrors.columnsIncomparable();
          }
        }
        return { kind: 'test', operand: expr.operand, test: readLiterals(expr.test, type, now) };
      }
      default:
        return expr;
    }
  };
  const kept = new Map<string, Join>();
  for (const [alias, join] of joins) {
    kept.set(alias, { relation: join.relation, field: join.field, on: rewrite(join.on, join.relation) });
  }
  const where = parts.length === 1 ? (parts[0] as Expr) : ({ kind: 'and', items: parts } as Expr);
  return { where: rewrite(where, undefined), joins: kept };
}

function operandsOf(node: Extract<Expr, { kind: 'test' | 'isNull' }>): Operand[] {
  if (node.kind === 'isNull') return [node.operand];
  const found = [node.operand];
  const { test } = node;
  const literals = test.op === 'cmp' ? [test.value] : test.op === 'in' ? test.values : [];
  for (const literal of literals) if (typeof literal === 'object') found.push(literal.operand);
  return found;
}

/** The join a row operand reads (through a user or a COALESCE too). */
function rowAlias(operand: Operand): string | undefined {
  switch (operand.kind) {
    case 'row':
      return operand.alias;
    case 'user':
    case 'member':
      return operand.of.kind === 'row' ? operand.of.alias : undefined;
    case 'coalesce':
    case 'dateText':
    case 'untilAt':
      return rowAlias(operand.of);
    default:
      return undefined;
  }
}

function visit(expr: Expr, each: (node: Expr) => void): void {
  each(expr);
  if (expr.kind === 'and' || expr.kind === 'or') for (const item of expr.items) visit(item, each);
  else if (expr.kind === 'not') visit(expr.item, each);
  else if (expr.kind === 'exists') visit(expr.where, each);
}

/** A literal as PostgreSQL reads it against a column of `type` (its cast of the quoted text). */
function readLiteral(literal: Literal, type: OperandType, now: number): Literal {
  if (typeof literal !== 'string') return literal;
  if (type === 'timestamp') return timestampLiteral(literal, now);
  if (type === 'date') return timestampLiteral(literal, now).slice(0, 10);
  if (type === 'integer' || type === 'numeric') {
    const text = literal.trim();
    const valid = type === 'integer' ? /^[+-]?\d+$/.test(text) : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);
    if (!valid) throw searchErrors.notNumeric(literal, 'search');
    return Number(text);
  }
  return literal;
}

function literalsOf(compare: Test): readonly Literal[] {
  return compare.op === 'cmp' ? [compare.value] : compare.op === 'in' ? compare.values : [];
}

/**
 * Whether PostgreSQL compares two columns of these types: text with a number or a time it does not
 * (no implicit cast), which is where 5.2 dies in DBD::Pg — `changedto` `%reporter%` writes
 * `actcheck.added = bugs.reporter` (Search.pm _pronoun, _changedto). Answered as a refusal instead.
 */
function comparable(a: OperandType, b: OperandType): boolean {
  const family = (type: OperandType) =>
    type === 'integer' || type === 'numeric' ? 'number' : type === 'date' ? 'timestamp' : type;
  return family(a) === family(b);
}

function readLiterals(compare: Test, type: OperandType, now: number): Test {
  if (compare.op === 'cmp') return { op: 'cmp', cmp: compare.cmp, value: readLiteral(compare.value, type, now) };
  if (compare.op === 'in') return { op: 'in', values: compare.values.map((value) => readLiteral(value, type, now)) };
  return compare;
}
