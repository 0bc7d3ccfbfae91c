/**
 * Bugzilla's include_fields / exclude_fields for objects that have field
 * types (5.2's `filter_wants`): `_default`, `_all`, `_extra`, `_custom` name
 * groups of fields, exclusion beats inclusion, unknown names are ignored, and
 * `a.b` asks for the sub-field `b` of `a`'s detail object (and for `a`).
 * Values come repeated or as comma/space separated lists.
 */
export type FieldType = 'default' | 'extra' | 'custom';

/**
 * The types each kind of field has: a custom field is both `default` and `custom`
 * (WebService/Bug.pm `_bug_to_hash`). 5.2 tries a field's types in Perl hash order, so with one
 * of them included and the other excluded its answer changes from request to request; here the
 * exclusion wins, always.
 */
const TYPES_OF: Record<FieldType, readonly string[]> = {
  default: ['default'],
  extra: ['extra'],
  custom: ['default', 'custom'],
};

/** The cache groups of top-level fields, by type; a ':' tells them apart from detail objects' names. */
const TYPE_GROUPS: Record<FieldType, string> = { default: ':default', extra: ':extra', custom: ':custom' };

export class FieldSelection {
  readonly #include: ReadonlySet<string> | null;
  readonly #exclude: ReadonlySet<string>;
  /** `a` for every included `a.b`: the objects some of whose sub-fields were named. */
  readonly #parents = new Set<string>();
  /**
   * Answers by type (or by detail object, for a sub-field), then field: a bug
   * list asks the same questions for every bug, and building a key string per
   * question cost more than the rest of rendering a bug.
   */
  readonly #answers = new Map<string, Map<string, boolean>>();

  constructor(include: readonly string[] | null, exclude: readonly string[]) {
    this.#include = include && include.length > 0 ? new Set(include) : null;
    this.#exclude = new Set(exclude);
    for (const name of this.#include ?? []) {
      for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1))
        this.#parents.add(name.slice(0, dot));
    }
  }

  static fromQuery(query: URLSearchParams): FieldSelection {
    const names = (name: string) =>
      query
        .getAll(name)
        .flatMap((value) => value.split(/[\s,]+/))
        .filter((part) => part !== '');
    return new FieldSelection(names('include_fields'), names('exclude_fields'));
  }

  /**
   * The selection inside an object field (a bug's `comments`, as BMO's filter reads `comments.text`):
   * the sub-fields named under it, else all of them; the exclusions under it too.
   */
  inside(prefix: string): FieldSelection {
    const under = (names: Iterable<string>) =>
      [...names].filter((name) => name.startsWith(`${prefix}.`)).map((name) => name.slice(prefix.length + 1));
    const include = under(this.#include ?? []);
    return new FieldSelection(include.length > 0 ? include : null, under(this.#exclude));
  }

  /** Whether the answer carries `field` (of `type`); `prefix` names the object a sub-field belongs to. */
  wants(field: string, type: FieldType = 'default', prefix?: string): boolean {
    const group = prefix ?? TYPE_GROUPS[type];
    let answers = this.#answers.get(group);
    if (!answers) {
      answers = new Map();
      this.#answers.set(group, answers);
    }
    let answer = answers.get(field);
    if (answer === undefined) {
      answer = this.#decide(prefix ? `${prefix}.${field}` : field, type, prefix);
      answers.set(field, answer);
    }
    return answer;
  }

  #decide(name: string, type: FieldType, prefix: string | undefined): boolean {
    if (this.#exclude.has(name)) return false;
    const include = this.#include;
    if (include?.has(name) || this.#parents.has(name)) return true;
    // A detail object's own fields: all of them unless some were named.
    if (prefix) return !this.#parents.has(prefix);
    const types = TYPES_OF[type];
    if (this.#exclude.has('_all') || types.some((of) => this.#exclude.has(`_${of}`))) return false;
    if (include === null) return types.includes('default');
    return include.has('_all') || types.some((of) => include.has(`_${of}`));
  }
}
