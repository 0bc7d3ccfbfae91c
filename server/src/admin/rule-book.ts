/** What every admin rule carries besides its own settings. */
export interface NumberedRule {
  id: string;
  /** How many requests it has applied to so far. */
  matched: number;
}

/**
 * Rules added over the admin API (faults, latency), oldest first, each given an id
 * (`prefix` + a number counting up) and handed out only as copies.
 */
export class RuleBook<R extends NumberedRule, In> {
  protected rules: R[] = [];
  #nextId = 1;
  readonly #prefix: string;
  readonly #parse: (input: unknown) => In;

  constructor(prefix: string, parse: (input: unknown) => In) {
    this.#prefix = prefix;
    this.#parse = parse;
  }

  /** Validates (throwing AdminError 400 naming the problem) and adds a rule. */
  add(input: unknown): R {
    const rule = { id: `${this.#prefix}${this.#nextId++}`, ...this.#parse(input), matched: 0 } as unknown as R;
    this.rules.push(rule);
    return { ...rule };
  }

  list(): R[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  delete(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): number {
    const count = this.rules.length;
    this.rules = [];
    return count;
  }
}
