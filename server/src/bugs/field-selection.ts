/**
 * Bugzilla's include_fields / exclude_fields for objects that have field
 * types (5.2's `filter_wants`): `_default`, `_all`, `_extra`, `_custom` name
 * groups of fields, exclusion beats inclusion, unknown names are ignored, and
 * `a.b` asks for the sub-field `b` of `a`'s detail object (and for `a`).
 * Values come repeated or as comma/space separated lists.
 */
export type FieldType = 'default' | 'extra' | 'custom';

export class FieldSelection {
  readonly #include: ReadonlySet<string> | null;
  readonly #exclude: ReadonlySet<string>;

  constructor(include: readonly string[] | null, exclude: readonly string[]) {
    this.#include = include && include.length > 0 ? new Set(include) : null;
    this.#exclude = new Set(exclude);
  }

  static fromQuery(query: URLSearchParams): FieldSelection {
    const names = (name: string) =>
      query
        .getAll(name)
        .flatMap((value) => value.split(/[\s,]+/))
        .filter((part) => part !== '');
    return new FieldSelection(names('include_fields'), names('exclude_fields'));
  }

  /** Whether the answer carries `field` (of `type`); `prefix` names the object a sub-field belongs to. */
  wants(field: string, type: FieldType = 'default', prefix?: string): boolean {
    const name = prefix ? `${prefix}.${field}` : field;
    if (this.#exclude.has(name)) return false;
    const include = this.#include;
    if (include?.has(name)) return true;
    if (include && [...include].some((wanted) => wanted.startsWith(`${name}.`))) return true;
    if (prefix) {
      // A detail object's own fields: all of them unless some were named.
      if (include && [...include].some((wanted) => wanted.startsWith(`${prefix}.`))) return false;
      return true;
    }
    if (this.#exclude.has(`_${type}`) || this.#exclude.has('_all')) return false;
    if (include === null) return type === 'default';
    return include.has('_all') || include.has(`_${type}`);
  }
}
