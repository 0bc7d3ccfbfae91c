/** `defaultMilestone` -> `default_milestone`, as a type. */
type SnakeName<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeName<Tail>}`
  : S;

/** A domain record as the data file writes it: the same values, snake_case keys, all the way down. */
export type Snaked<T> =
  T extends ReadonlyArray<infer Item>
    ? Snaked<Item>[]
    : T extends object
      ? {
          [K in keyof T as K extends string ? SnakeName<K> : K]: K extends 'fieldValues' | 'setterGroupIds'
            ? SnakedValues<T[K]>
            : Snaked<T[K]>;
        }
      : T;

type SnakedValues<T> = { [K in keyof T]: Snaked<T[K]> };

const toSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const toCamel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Maps keyed by data, whose own keys stay as they are: field names (already Bugzilla's snake_case),
 * a tracking flag's values (`fix_later` is a value, not a name to rename).
 */
const KEYED_BY_DATA = new Set(['fieldValues', 'field_values', 'setterGroupIds', 'setter_group_ids']);

function renameKeys(value: unknown, rename: (name: string) => string, keepKeys = false): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  const renamed: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    renamed[keepKeys ? name : rename(name)] = renameKeys(item, rename, KEYED_BY_DATA.has(name));
  }
  return renamed;
}

/** Domain records to the data file's snake_case and back (the catalogue's). */
export const snaked = <T>(value: T): Snaked<T> => renameKeys(value, toSnake) as Snaked<T>;
export const unsnaked = <T>(value: Snaked<T>): T => renameKeys(value, toCamel) as T;
