import { searchErrors } from './search-errors.js';
import { fieldDescription } from './search-fields.js';

/*
 * The criteria of a search as Search.pm builds them before it writes any SQL: clauses joining
 * conditions (Bugzilla/Search/Clause.pm, ClauseGroup.pm, Condition.pm). Every way of asking (Bug.search's
 * names, the form's names, boolean charts, custom search, quicksearch) ends as one such tree.
 */

/** A value as a chart holds it: a text, or the list a multi-valued form field sends. */
export type ConditionValue = string | readonly string[];

/** One field, operator and value (Condition.pm); a missing part makes it ask nothing. */
export interface Condition {
  readonly kind: 'condition';
  readonly field: string | undefined;
  readonly operator: string | undefined;
  readonly value: ConditionValue | undefined;
  readonly negate: boolean;
}

/**
 * Conditions and clauses joined by AND or OR, maybe negated (Clause.pm). `grouped`: a ClauseGroup
 * (`AND_G`), whose conditions are all on one field and match one of its rows together.
 */
export interface Clause {
  readonly kind: 'clause';
  readonly joiner: 'AND' | 'OR';
  negate: boolean;
  readonly grouped: boolean;
  readonly children: Array<Clause | Condition>;
}

export type Criterion = Clause | Condition;

/** Clause.pm's new: a joiner other than AND or OR is a code error; none is AND. */
export function clause(joiner: string | undefined = undefined): Clause {
  if (joiner && joiner !== 'AND' && joiner !== 'OR') throw searchErrors.invalidJoiner(joiner);
  return { kind: 'clause', joiner: joiner === 'OR' ? 'OR' : 'AND', negate: false, grouped: false, children: [] };
}

/** ClauseGroup.pm's new. */
export function clauseGroup(): Clause {
  return { kind: 'clause', joiner: 'AND', negate: false, grouped: true, children: [] };
}

export function condition(
  field: string | undefined,
  operator: string | undefined,
  value: ConditionValue | undefined,
  negate = false,
): Condition {
  return { kind: 'condition', field, operator, value, negate };
}

/** The fields a ClauseGroup refuses (ClauseGroup.pm UNSUPPORTED_FIELDS). */
const UNGROUPABLE = new Set([
  'attach_data.thedata',
  'classification',
  'commenter',
  'component',
  'longdescs.count',
  'product',
  'owner_idle_time',
]);

/** Clause.pm's add (and ClauseGroup.pm's checks); an undefined child is nothing added. */
export function add(parent: Clause, child: Criterion | undefined): void {
  if (child === undefined) return;
  if (parent.grouped) {
    if (child.kind !== 'condition') throw searchErrors.groupedNesting();
    const first = parent.children[0] as Condition | undefined;
    if (first !== undefined && child.field !== first.field) throw searchErrors.groupedFieldMismatch();
    const field = child.field ?? '';
    // ClauseGroup.pm: product and component are allowed with the changed* operators (its bug 916882 hack).
    const changedOf = (field === 'product' || field === 'component') && /^changed/.test(child.operator ?? '');
    if (UNGROUPABLE.has(field) && !changedOf) throw searchErrors.groupedFieldInvalid(field, fieldDescription(field));
  }
  parent.children.push(child);
}

/** A clause with something in it, else undefined (Search.pm's `@{$clause->children} ? $clause : undef`). */
export function nonEmpty(parent: Clause): Clause | undefined {
  return parent.children.length > 0 ? parent : undefined;
}
