import type { ChartArgs } from './chart-args.js';
import { evaluate, type SearchRowSource } from './evaluate-where.js';
import { doOperatorFunction } from './operator-terms.js';
import { searchErrors } from './search-errors.js';
import { and, type Expr, FALSE, or, row, TRUE, test } from './search-term.js';

/*
 * The search functions of the fields BMO adds to Search.pm: its bug type and the component's triage
 * owner (BMO's Bugzilla/Search.pm), and its tracking flags (extensions/TrackingFlags/Extension.pm).
 */

/** bugs.bug_type, which BMO's schema fills with default_bug_type; a store that keeps none reads as that. */
export function bugTypeNonchanged(args: ChartArgs): void {
  args.fullField = { kind: 'coalesce', of: { kind: 'bug', column: 'bug_type' }, value: args.context.defaultBugType };
}

/**
 * _tracking_flags_search_nonchanged: the flag's value is COALESCE(tracking_flags_bugs.value, '---')
 * (a bug without a row reads '---', as the custom field's default already does), but the empty
 * operators ask the row's value itself: a bug with no value is empty.
 */
export function trackingFlagNonchanged(args: ChartArgs): void {
  if (args.operator !== 'isempty' && args.operator !== 'isnotempty') return;
  args.fullField = { kind: 'custom', name: args.field, type: args.fieldDef.type, unsetIsNull: true };
}

/** A term over one triage owner's own row only: no store is asked anything. */
const NO_SOURCE = undefined as unknown as SearchRowSource;

/**
 * _triage_owner_nonchanged (and _triage_owner_pronoun for `%user%`/`%self%`): the bug's component is
 * one whose triage owner's login (or id, after the pronoun) the operator accepts, as its
 * `bugs.component_id IN (SELECT components.id FROM profiles JOIN components …)` finds them. The
 * triage owners are the catalogue's, so the term is decided here, once, against each of them: the
 * bug is then in one of the components whose owner matched, a test every store runs (product and
 * component by name, as component names are per product). A component without an owner never
 * matches, a negative operator included (the JOIN has no row for it).
 */
export function triageOwnerNonchanged(args: ChartArgs): void {
  const { context } = args;
  if (args.value === '%user%' || args.value === '%self%') {
    if (context.user === undefined) throw searchErrors.pronounNeedsLogin();
    args.value = String(context.user.id);
    args.quoted = context.user.id;
    args.fullField = row('userid');
  } else {
    args.fullField = row('login_name');
  }
  doOperatorFunction(args);
  const owner = args.term ?? TRUE;
  const matched: Expr[] = [];
  for (const found of context.triageOwners) {
    // The owner's row is all the term reads (its operand is a column of it): no bug is needed.
    const scope = { bug: undefined as never, own: found, joined: new Map() };
    if (evaluate(owner, scope, NO_SOURCE) !== true) continue;
    matched.push(
      and(
        test({ kind: 'bug', column: 'product' }, { op: 'cmp', cmp: '=', value: found.product }),
        test({ kind: 'bug', column: 'component' }, { op: 'cmp', cmp: '=', value: found.component }),
      ),
    );
  }
  args.term = matched.length === 0 ? FALSE : or(...matched);
}
