import type { SearchContext } from './chart-args.js';
import type { Clause, Criterion } from './criteria.js';
import { and, type Expr, type Join, not, or, TRUE } from './search-term.js';
import { translateCondition } from './translate-chart.js';

/** The criteria translated: the WHERE (null: nothing asked), the joins it names, what every bug must meet. */
export interface TranslatedCriteria {
  where: Expr | null;
  joins: Map<string, Join>;
  required: Expr[];
}

/**
 * Search.pm's _charts_to_conditions and Clause.pm's as_string: each condition translated in the order
 * the tree is walked (its chart id), a ClauseGroup's conditions all under its first one's id (so they
 * share their joins), conditions that ask nothing left out, clauses joined by AND or OR and maybe
 * negated; joins of one name combined (their conditions ANDed, as _combine_joins does).
 */
export function criteriaToWhere(top: Clause, context: SearchContext): TranslatedCriteria {
  const joins = new Map<string, Join>();
  const required: Expr[] = [];
  let chartId = 0;
  const walk = (node: Criterion, groupId: string | undefined): Expr | null => {
    if (node.kind === 'condition') {
      const own = chartId++;
      const translated = translateCondition(context, groupId ?? String(own), own, node);
      if (translated === undefined || translated.term === null) return null;
      for (const [alias, join] of translated.joins) {
        const same = joins.get(alias);
        joins.set(alias, same ? { relation: same.relation, field: same.field, on: and(same.on, join.on) } : join);
      }
      required.push(...translated.required);
      return node.negate || translated.negate ? not(translated.term) : translated.term;
    }
    // A ClauseGroup holds a condition of its own (its join back to bugs, always `1 = 1`), counted first.
    let group: string | undefined;
    if (node.grouped) group = String(chartId++ + 1);
    const items: Expr[] = node.grouped ? [TRUE] : [];
    for (const child of node.children) {
      const expr = walk(child, group);
      if (expr !== null) items.push(expr);
    }
    if (items.length === 0) return null;
    const joined = node.joiner === 'OR' ? or(...items) : and(...items);
    return node.negate ? not(joined) : joined;
  };
  const where = walk(top, undefined);
  return { where, joins, required };
}
