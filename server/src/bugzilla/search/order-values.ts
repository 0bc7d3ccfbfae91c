import type { Catalogue } from '../catalogue/catalogue.js';
import type { Bug } from '../types.js';
import { evaluate, operandValue, type SearchRowSource, type SqlValue } from './evaluate-where.js';
import type { OrderKey } from './search-order.js';

/** What one key orders a bug by; undefined: the bug is not in the answer at all (an INNER JOIN finds no row). */
type Sortable = readonly SqlValue[] | undefined;

const STATUS = 'bug_status';

/** The (sortkey, value) a select field's value sorts by, in the catalogue's table of the field. */
function selectSortkey(catalogue: Catalogue, field: string, value: SqlValue): Sortable {
  const values =
    field === STATUS
      ? catalogue.data.statuses
      : (catalogue.customField(field)?.values ??
        (catalogue.data.fieldValues as Readonly<Record<string, readonly { value: string; sortkey: number }[]>>)[field]);
  const found = values?.find((entry) => entry.value === value);
  return found === undefined ? undefined : [found.sortkey, found.value];
}

/** What the bug sorts by for `key` (Search.pm's ORDER BY terms), as a store in memory reads it. */
export function orderValues(key: OrderKey, bug: Bug, source: SearchRowSource, catalogue: Catalogue): Sortable {
  const scope = { bug, own: undefined, joined: new Map() };
  switch (key.kind) {
    case 'column':
      return [operandValue(key.operand, scope, source)];
    case 'relevance':
      return [key.terms.filter((term) => evaluate(term, scope, source) === true).length];
    case 'sortkey': {
      if (catalogue.customField(key.field)) return selectSortkey(catalogue, key.field, source.custom(bug, key.field));
      const column = key.field === STATUS ? 'bug_status' : (key.field as 'priority');
      return selectSortkey(catalogue, key.field, source.column(bug, column));
    }
    case 'milestone': {
      const product = catalogue.product(bug.fields.product);
      const found = product?.milestones.find((milestone) => milestone.value === bug.fields.target_milestone);
      return found === undefined ? undefined : [found.sortkey, found.value];
    }
    case 'list': {
      if (key.relation === 'flag_names') {
        const names: string[] = [];
        const flags = [...bug.fields.flags].sort((a, b) => {
          const x = catalogue.flagType(a.type_id);
          const y = catalogue.flagType(b.type_id);
          return (x?.sortkey ?? 0) - (y?.sortkey ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
        });
        for (const flag of flags)
          if (!names.includes(`${flag.name}${flag.status}`)) names.push(`${flag.name}${flag.status}`);
        return [names.length === 0 ? null : names.join(', ')];
      }
      const column =
        key.relation === 'aliases'
          ? 'alias'
          : key.relation === 'tags'
            ? 'name'
            : key.relation === 'keywords'
              ? 'name'
              : key.relation === 'multi_select'
                ? 'value'
                : 'id';
      const rows = source.rows(bug, key.relation, key.field);
      const values = new Set<string>();
      for (const row of rows) {
        if (key.relation === 'tags' && row.own_tag === null) continue;
        const value = row[column];
        if (value !== null && value !== undefined) values.add(String(value));
      }
      return [values.size === 0 ? null : [...values].sort().join(', ')];
    }
  }
}

/** SQL's ORDER BY of one value: NULLs after every value ascending, before them descending. */
export function compareOrderValues(a: readonly SqlValue[], b: readonly SqlValue[], desc: boolean): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    let c: number;
    if (x === null) c = 1;
    else if (y === null) c = -1;
    else if (typeof x === 'number' && typeof y === 'number') c = x - y;
    else c = String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
    if (c !== 0) return desc ? -c : c;
  }
  return 0;
}
