/** How Perl reads an array reference as text (its address is arbitrary; this one is fixed). */
const ARRAY_REFERENCE = 'ARRAY(0x55d5c0ffee00)';

/**
 * A search's parameters as 5.2 holds them: a Perl hash whose every name has one value or a list
 * (a repeated query name, a JSON array). Bug.search (WebService/Bug.pm), Quicksearch.pm and Search.pm
 * read, rename, add and delete names in it as they go, so it is mutable, as theirs is; the order of
 * names is the order they came in (Perl's is random, and no answer depends on it).
 */
export class SearchParams {
  readonly #values = new Map<string, string[]>();

  /** The names of `query`, each with its values, except those in `skip`. */
  static fromQuery(query: URLSearchParams, skip: ReadonlySet<string>): SearchParams {
    const params = new SearchParams();
    for (const [name, value] of query) {
      if (skip.has(name)) continue;
      const values = params.#values.get(name);
      if (values) values.push(value);
      else params.#values.set(name, [value]);
    }
    return params;
  }

  has(name: string): boolean {
    return this.#values.has(name);
  }

  /**
   * The value as Perl reads the hash's scalar: the value, or for several (an array reference) the text a
   * reference reads as, which no field, operator or number is; undefined when absent.
   */
  get(name: string): string | undefined {
    const values = this.#values.get(name);
    if (values === undefined) return undefined;
    return values.length === 1 ? values[0] : ARRAY_REFERENCE;
  }

  /** Every value (Search.pm's _param_array): none when absent. */
  all(name: string): readonly string[] {
    return this.#values.get(name) ?? [];
  }

  /** Whether Perl reads the value as true: present, and neither '' nor '0'. */
  truthy(name: string): boolean {
    const value = this.get(name);
    return value !== undefined && value !== '' && value !== '0';
  }

  set(name: string, value: string | readonly string[]): void {
    this.#values.set(name, typeof value === 'string' ? [value] : [...value]);
  }

  /** Removes the name; its values, as Perl's `delete` answers them. */
  delete(name: string): readonly string[] {
    const values = this.#values.get(name) ?? [];
    this.#values.delete(name);
    return values;
  }

  /** Moves a name's values to another name (Bug.pm's map_fields, Search.pm's FIELD_MAP). */
  rename(from: string, to: string): void {
    const values = this.#values.get(from);
    if (values === undefined || from === to) return;
    this.#values.delete(from);
    this.#values.set(to, values);
  }

  names(): string[] {
    return [...this.#values.keys()];
  }
}
