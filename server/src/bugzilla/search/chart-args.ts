import type { Catalogue } from '../catalogue/catalogue.js';
import type { User } from '../types.js';
import type { ConditionValue } from './criteria.js';
import type { SearchField } from './search-fields.js';
import type { Expr, Join, Literal, Operand } from './search-term.js';

/** A component's triage owner, as Search.pm's `profiles JOIN components` finds them. */
export type TriageOwnerRow = {
  product: string;
  component: string;
  userid: number;
  login_name: string;
};

/** What every chart of one search is translated with (the searcher, the fields, the clock). */
export interface SearchContext {
  user: User | undefined;
  /** In the insidergroup: sees private comments and attachments. */
  insider: boolean;
  fields: ReadonlyMap<string, SearchField>;
  catalogue: Catalogue;
  /** Epoch seconds: what relative dates count from. */
  now: number;
  /** The ids of the logins charts name (changedby), looked up before (lowercase login -> id). */
  userIds: ReadonlyMap<string, number>;
  /** useqacontact: the QA contact counts for the pronoun %qacontact%, visibility too. */
  useQaContact: boolean;
  /** BMO's default_bug_type: the type of a bug whose store keeps none. */
  defaultBugType: string;
  /** BMO's triage owners, each of the component it owns (read before, when a chart names them). */
  triageOwners: readonly TriageOwnerRow[];
  /**
   * The `relevance` column the full-text charts build as they are translated (each adds 1 for its
   * comments and 1 for its summary matching; a negated one sets it to 0); undefined until one does.
   */
  relevance: Expr[] | 'zero' | undefined;
}

/**
 * Search.pm's %search_args for one chart, as its search functions read and change them: the
 * operand they compare (`full_field`), the quoted value, the joins they add, the term they make.
 * `term` undefined: not made yet; null: made empty (the chart asks nothing).
 */
export interface ChartArgs {
  readonly context: SearchContext;
  chartId: string;
  readonly sequence: number;
  readonly field: string;
  readonly fieldDef: SearchField;
  operator: string;
  value: string;
  readonly allValues: ConditionValue;
  fullField: Operand;
  quoted: Literal;
  readonly joins: Array<[string, Join]>;
  term: Expr | null | undefined;
  /** The value is a user's id (a pronoun), not a login. */
  valueIsId: boolean;
  /** A condition this chart makes the whole search require (Search.pm's INNER JOINs). */
  required: Expr[];
  /** Set by flag charts: the condition is negated whatever it said (Search.pm sets its negate). */
  forceNegate: boolean;
}

/** Search.pm's SIMPLE_OPERATORS. */
export const SIMPLE_OPERATORS: Readonly<Record<string, '=' | '!=' | '>' | '>=' | '<' | '<='>> = {
  equals: '=',
  notequals: '!=',
  greaterthan: '>',
  greaterthaneq: '>=',
  lessthan: '<',
  lessthaneq: '<=',
};

/** Search.pm's OPERATOR_REVERSE, and its rule for the others (add or remove `not`). */
export function reverseOperator(operator: string): string {
  const reversed: Record<string, string> = {
    nowords: 'anywords',
    nowordssubstr: 'anywordssubstr',
    anywords: 'nowords',
    anywordssubstr: 'nowordssubstr',
    lessthan: 'greaterthaneq',
    lessthaneq: 'greaterthan',
    greaterthan: 'lessthaneq',
    greaterthaneq: 'lessthan',
    isempty: 'isnotempty',
    isnotempty: 'isempty',
  };
  const found = reversed[operator];
  if (found !== undefined) return found;
  return operator.startsWith('not') ? operator.slice(3) : `not${operator}`;
}

/** Search.pm's NUMBER_REGEX (Regexp::Common's real numbers). */
export const NUMBER = /^[+-]?(?=\d|\.)\d*(?:\.\d*)?(?:[Ee][+-]?\d+)?$/;
