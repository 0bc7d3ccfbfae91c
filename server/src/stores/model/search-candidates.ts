import { evaluate, type SearchRowSource, testConstant } from '../../bugzilla/search/evaluate-where.js';
import type { Expr, Operand, Relation, SearchWhere, Test } from '../../bugzilla/search/search-term.js';
import type { Bug, User } from '../../bugzilla/types.js';
import { BugIndexes, type KeyedRelation, ROW_KEYS, VALUE_COLUMNS, type ValueColumn } from './bug-indexes.js';
import { type Ids, intersectIds, unionIds } from './id-set.js';
import { tokensOf } from './token-index.js';

/** What the planner reads: the indexes, the users, and the rows' evaluation (for keys). */
export interface CandidateSources {
  indexes: BugIndexes;
  users: () => Iterable<User>;
  source: SearchRowSource;
}

const VALUES: ReadonlySet<string> = new Set(VALUE_COLUMNS);
const NO_BUG = undefined as unknown as Bug;

/**
 * The bugs a search can find, from the indexes: a superset of its matches, small when a term the
 * indexes answer narrows it (a value, a user, a word, a day, an id, a keyed row); undefined when nothing
 * does (every bug is a candidate). AND intersects, OR unites only when each side is bounded, NOT bounds
 * nothing. The candidates are then checked in full, so the plan only has to be generous.
 */
export function searchCandidates(where: SearchWhere, from: CandidateSources): Ids | undefined {
  return candidatesOf(where.where, from);
}

function candidatesOf(expr: Expr, from: CandidateSources): Ids | undefined {
  switch (expr.kind) {
    case 'and':
      return andCandidates(expr.items, from);
    case 'or': {
      const lists: Ids[] = [];
      for (const item of expr.items) {
        const found = candidatesOf(item, from);
        if (found === undefined) return undefined;
        lists.push(found);
      }
      return unionIds(lists);
    }
    case 'const':
      return expr.value ? undefined : [];
    case 'test':
      return testCandidates(expr.operand, expr.test, from);
    case 'exists':
      return existsCandidates(expr.relation, expr.where, from);
    default:
      return undefined;
  }
}

/** A conjunct of an AND, with at most how many candidates it gives (its list once gathered). */
interface Conjunct {
  item: Expr;
  bound: number;
  found?: Ids;
}

/**
 * An AND's candidates: the bugs every bounded conjunct allows, gathered from the narrowest one up.
 * A conjunct that may allow at least as many bugs as are left is not gathered (the candidates are
 * checked in full, which costs less than gathering it): "Product 3 AND CONFIRMED" walks the product's
 * bugs, not every confirmed bug; "number AND 12345" the bugs of the rarer word.
 */
function andCandidates(items: readonly Expr[], from: CandidateSources): Ids | undefined {
  const conjuncts: Conjunct[] = [];
  for (const item of items) {
    const bound = boundOf(item, from);
    if (bound !== undefined) {
      conjuncts.push({ item, bound });
      continue;
    }
    const found = candidatesOf(item, from);
    if (found === undefined) continue;
    if (found.length === 0) return [];
    conjuncts.push({ item, bound: found.length, found });
  }
  conjuncts.sort((a, b) => a.bound - b.bound);
  let left: Ids | undefined;
  for (const conjunct of conjuncts) {
    if (left !== undefined && conjunct.bound >= left.length) break;
    const found = conjunct.found ?? candidatesOf(conjunct.item, from);
    if (found === undefined) continue;
    if (found.length === 0) return [];
    left = left === undefined ? found : intersectIds([left, found]);
  }
  return left;
}

/**
 * At most how many candidates an expression gives, where the indexes say so without gathering them
 * (a value's bugs, a text's rarest word); undefined where only gathering tells.
 */
function boundOf(expr: Expr, from: CandidateSources): number | undefined {
  if (expr.kind === 'or') {
    let sum = 0;
    for (const item of expr.items) {
      const bound = boundOf(item, from);
      if (bound === undefined) return undefined;
      sum += bound;
    }
    return sum;
  }
  if (expr.kind === 'exists') return existsBound(expr.relation, expr.where, from);
  if (expr.kind !== 'test' || expr.operand.kind !== 'bug') return undefined;
  const { column } = expr.operand;
  const compared = expr.test;
  if (VALUES.has(column)) {
    if (testConstant('', compared) === undefined) return undefined;
    let sum = 0;
    for (const [key, ids] of from.indexes.values(column as ValueColumn))
      if (testConstant(key, compared) === true) sum += ids.size;
    return sum;
  }
  const text = textColumnOf(column);
  if (text === undefined) return undefined;
  const pattern = substringOf(compared);
  return pattern === undefined ? undefined : from.indexes.text(text).estimate(pattern);
}

/** The token index of a bug column's text, if it has one. */
function textColumnOf(column: string): 'short_desc' | 'status_whiteboard' | 'bug_file_loc' | 'comments' | undefined {
  if (column === 'short_desc' || column === 'status_whiteboard' || column === 'bug_file_loc') return column;
  if (column === 'comments_text' || column === 'public_comments_text') return 'comments';
  return undefined;
}

function testCandidates(operand: Operand, compared: Test, from: CandidateSources): Ids | undefined {
  const { indexes } = from;
  if (operand.kind === 'coalesce') {
    // Bugs without a value match too when the empty one does: no index has them.
    if (testConstant(operand.value, compared) !== false && testConstant(operand.value, compared) !== null)
      return undefined;
    return testCandidates(operand.of, compared, from);
  }
  if (operand.kind === 'user' && operand.of.kind === 'bug') {
    const ids = usersPassing(from, (user) =>
      testConstant(operand.attr === 'login_name' ? user.login : user.realName, compared),
    );
    return ids && BugIndexes.under(indexes.values(operand.of.column), (key) => ids.has(key as number));
  }
  if (operand.kind !== 'bug') return undefined;
  const { column } = operand;
  if (VALUES.has(column)) {
    if (testConstant('', compared) === undefined) return undefined;
    return BugIndexes.under(indexes.values(column as ValueColumn), (key) => testConstant(key, compared) === true);
  }
  const text = textColumnOf(column);
  if (text !== undefined) return textCandidates(indexes, text, compared);
  if (column === 'delta_ts' || column === 'creation_ts') return dayCandidates(indexes, column, compared);
  if (column === 'bug_id') return idCandidates(indexes, compared);
  return undefined;
}

/** The words of a substring test's text (ILIKE, LIKE, LOWER() LIKE), looked up in the column's words. */
function textCandidates(
  indexes: BugIndexes,
  column: 'short_desc' | 'status_whiteboard' | 'bug_file_loc' | 'aliases' | 'comments',
  compared: Test,
): Ids | undefined {
  const pattern = substringOf(compared);
  return pattern === undefined ? undefined : indexes.text(column).candidates(pattern);
}

/** The lower-case substring a test looks for (ILIKE, LIKE, LOWER() LIKE), if it is one. */
function substringOf(compared: Test): string | undefined {
  if (compared.op === 'ilike' && !compared.not) return compared.text.toLowerCase();
  if (compared.op === 'like') return compared.text.toLowerCase();
  if (compared.op === 'lowerLike') return compared.pattern;
  return undefined;
}

function dayCandidates(indexes: BugIndexes, column: 'delta_ts' | 'creation_ts', compared: Test): Ids | undefined {
  if (compared.op !== 'cmp' || typeof compared.value !== 'string' || compared.cmp === '!=') return undefined;
  const at = Date.parse(`${compared.value.replace(' ', 'T')}Z`) / 1000;
  if (Number.isNaN(at)) return undefined;
  const index = column === 'delta_ts' ? indexes.changed : indexes.created;
  if (compared.cmp === '>' || compared.cmp === '>=') return index.between(at, undefined);
  if (compared.cmp === '<' || compared.cmp === '<=') return index.between(undefined, at);
  return index.between(at, at);
}

function idCandidates(indexes: BugIndexes, compared: Test): Ids | undefined {
  const numbers = (values: readonly unknown[]) =>
    [...new Set(values.filter((value): value is number => typeof value === 'number'))]
      .filter((id) => indexes.all.has(id))
      .sort((a, b) => a - b);
  if (compared.op === 'in') return numbers(compared.values);
  if (compared.op !== 'cmp' || typeof compared.value !== 'number') return undefined;
  if (compared.cmp === '=') return numbers([compared.value]);
  if (compared.cmp === '>' || compared.cmp === '>=') {
    return indexes.all.idsFrom(compared.cmp === '>' ? Math.floor(compared.value) + 1 : Math.ceil(compared.value));
  }
  return undefined;
}

/** The ids of the users a test accepts (undefined when it compares with a column). */
function usersPassing(
  from: CandidateSources,
  passes: (user: User) => boolean | null | undefined,
): Set<number> | undefined {
  const ids = new Set<number>();
  for (const user of from.users()) {
    const answer = passes(user);
    if (answer === undefined) return undefined;
    if (answer === true) ids.add(user.id);
  }
  return ids;
}

/** Sub-selects over keyed rows (CCs, keywords, groups, flags, aliases) and comments' words. */
function existsCandidates(relation: Relation, where: Expr, from: CandidateSources): Ids | undefined {
  const { indexes } = from;
  if (relation === 'comments' || relation === 'aliases') {
    const pattern = existsPattern(relation, where);
    if (pattern !== undefined) return indexes.text(relation).candidates(pattern);
    if (relation === 'comments') return undefined;
  }
  const wanted = keyTest(relation, where, from);
  return wanted && BugIndexes.under(indexes.rowKeys(relation as KeyedRelation), wanted);
}

/** At most how many bugs existsCandidates gives, from the same sets without uniting them. */
function existsBound(relation: Relation, where: Expr, from: CandidateSources): number | undefined {
  if (relation === 'comments' || relation === 'aliases') {
    const pattern = existsPattern(relation, where);
    if (pattern !== undefined) return from.indexes.text(relation).estimate(pattern);
    if (relation === 'comments') return undefined;
  }
  const wanted = keyTest(relation, where, from);
  if (wanted === undefined) return undefined;
  let sum = 0;
  for (const [key, ids] of from.indexes.rowKeys(relation as KeyedRelation)) if (wanted(key)) sum += ids.size;
  return sum;
}

/** The words a comment's or alias's sub-select looks for: its first substring test that has some. */
function existsPattern(relation: 'comments' | 'aliases', where: Expr): string | undefined {
  const column = relation === 'comments' ? 'thetext' : 'alias';
  for (const conjunct of where.kind === 'and' ? where.items : [where]) {
    if (conjunct.kind !== 'test' || conjunct.operand.kind !== 'row' || conjunct.operand.column !== column) continue;
    const pattern = substringOf(conjunct.test);
    if (pattern !== undefined && tokensOf(pattern).size > 0) return pattern;
  }
  return undefined;
}

/** Which keys of a keyed relation's rows a sub-select accepts, when it reads nothing but the key. */
function keyTest(
  relation: Relation,
  where: Expr,
  from: CandidateSources,
): ((key: string | number) => boolean) | undefined {
  if (!(relation in ROW_KEYS)) return undefined;
  const keyColumn = ROW_KEYS[relation as KeyedRelation];
  if (!readsOnly(where, keyColumn)) return undefined;
  return (key) => {
    const own = { [keyColumn]: key };
    return evaluate(where, { bug: NO_BUG, own, joined: new Map() }, from.source) === true;
  };
}

/** Whether a row's condition reads nothing but the row's `column` (and the users it names). */
function readsOnly(expr: Expr, column: string): boolean {
  const operandOk = (operand: Operand): boolean => {
    switch (operand.kind) {
      case 'row':
        return operand.alias === undefined && operand.column === column;
      case 'user':
      case 'member':
        return operandOk(operand.of);
      case 'coalesce':
      case 'dateText':
        return operandOk(operand.of);
      default:
        return false;
    }
  };
  switch (expr.kind) {
    case 'and':
    case 'or':
      return expr.items.every((item) => readsOnly(item, column));
    case 'not':
      return readsOnly(expr.item, column);
    case 'const':
      return true;
    case 'isNull':
      return operandOk(expr.operand);
    case 'test': {
      const { test } = expr;
      const literals = test.op === 'cmp' ? [test.value] : test.op === 'in' ? test.values : [];
      return operandOk(expr.operand) && literals.every((literal) => typeof literal !== 'object');
    }
    default:
      return false;
  }
}
