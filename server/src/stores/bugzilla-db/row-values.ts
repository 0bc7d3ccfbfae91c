/** Bugzilla's column values, whichever driver read them: numbers may come as strings, booleans as 0/1. */
export type Row = Record<string, unknown>;

export const num = (value: unknown): number => Number(value);
export const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
export const flag = (value: unknown): boolean => Number(value) === 1 || value === true;
export const nullableNum = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
export const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

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
