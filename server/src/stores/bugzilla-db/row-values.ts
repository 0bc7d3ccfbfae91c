/** Bugzilla's column values, whichever driver read them: numbers may come as strings, booleans as 0/1. */
export type Row = Record<string, unknown>;

export const num = (value: unknown): number => Number(value);
export const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
export const flag = (value: unknown): boolean => Number(value) === 1 || value === true;
export const nullableNum = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
export const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
