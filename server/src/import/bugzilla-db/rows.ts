import type { Row } from '../../stores/bugzilla-db/row-values.js';

export { flag, nullableNum, num, type Row, text } from '../../stores/bugzilla-db/row-values.js';

/** Rows grouped by a numeric key, in the order read: one pass, so a million rows cost a million steps. */
export function groupBy<T>(rows: readonly Row[], key: string, value: (row: Row) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row[key]);
    const list = groups.get(id);
    if (list) list.push(value(row));
    else groups.set(id, [value(row)]);
  }
  return groups;
}

/** Ids from..to, both included: the window one batch of a table (and of its rows in the tables that refer to it) reads. */
export interface IdRange {
  from: number;
  to: number;
}
