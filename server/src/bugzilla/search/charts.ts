import { add, type Clause, clause, clauseGroup, condition, nonEmpty } from './criteria.js';
import { searchErrors } from './search-errors.js';
import type { SearchParams } from './search-params.js';

/** Search.pm's NO_VALUE_OPERATORS: they ignore the value, but a chart needs one, so they get ' '. */
const NO_VALUE = new Set(['isempty', 'isnotempty']);

function chartValue(operator: string | undefined, value: string | undefined): string | undefined {
  return operator !== undefined && NO_VALUE.has(operator) ? ' ' : value;
}

/** The distinct numbers `pattern` finds in the names, as written (`01` is not `1`), in numeric order. */
function numbersOf(names: readonly string[], pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) found.add(match[1] as string);
  }
  return [...found].sort((a, b) => Number(a) - Number(b));
}

/**
 * Search.pm's _boolean_charts, the older form (`fieldC-A-O`, `typeC-A-O`, `valueC-A-O`, `negateC`):
 * the columns of a row are ORed, the rows of a chart ANDed, the charts ANDed; a negated chart is NOT.
 */
export function booleanCharts(params: SearchParams): Clause | undefined {
  const names = params.names();
  const top = clause();
  for (const chart of numbersOf(names, /^field(-?\d+)/)) {
    const rows = clause();
    for (const row of numbersOf(names, new RegExp(`^field${chart}-(\\d+)`))) {
      const columns = clause('OR');
      for (const column of numbersOf(names, new RegExp(`^field${chart}-${row}-(\\d+)`))) {
        const id = `${chart}-${row}-${column}`;
        const operator = params.get(`type${id}`);
        add(columns, condition(params.get(`field${id}`), operator, chartValue(operator, params.get(`value${id}`))));
      }
      add(rows, columns);
      if (params.truthy(`negate${chart}`)) rows.negate = true;
    }
    add(top, rows);
  }
  return nonEmpty(top);
}

/** The ids of the custom search's rows (`fN`), as written, in numeric order. */
function fieldIds(params: SearchParams): string[] {
  return numbersOf(params.names(), /^f(\d+)$/);
}

function joined(joiner: string | undefined): Clause {
  return joiner === 'AND_G' ? clauseGroup() : clause(joiner);
}

/**
 * Search.pm's _custom_search (`fN`/`oN`/`vN`/`nN`, `j_top`): rows in the order of N; `OP` opens a
 * clause joined by its `jN` (AND, OR or AND_G, maybe negated by `nN`), `CP` closes it. More OPs than
 * CPs are allowed; a CP without its OP is a code error.
 */
export function customSearch(params: SearchParams): Clause | undefined {
  const ids = fieldIds(params);
  if (ids.length === 0) return undefined;
  let current = joined(params.get('j_top') || undefined);
  const stack: Clause[] = [];
  for (const id of ids) {
    const field = params.get(`f${id}`);
    if (field === 'OP') {
      const opened = joined(params.get(`j${id}`) || undefined);
      opened.negate = params.truthy(`n${id}`);
      add(current, opened);
      stack.push(current);
      current = opened;
      continue;
    }
    if (field === 'CP') {
      const parent = stack.pop();
      if (parent === undefined) throw searchErrors.closeWithoutOpen(id);
      current = parent;
      continue;
    }
    const operator = params.get(`o${id}`);
    add(current, condition(field, operator, chartValue(operator, params.get(`v${id}`)), params.truthy(`n${id}`)));
  }
  return stack[0] ?? current;
}
