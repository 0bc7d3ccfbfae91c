/**
 * Entries numbered from 1 for the server's life (through clears and resets), oldest first;
 * only the latest `capacity` are kept. What the admin API lists (requests, mismatches).
 */
export class NumberedJournal<T extends { n: number }> {
  #entries: T[] = [];
  #next = 1;
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Numbers and keeps the entry; the caller may complete it later (a request when answered). */
  add(entry: Omit<T, 'n'>): T {
    const recorded = { n: this.#next++, ...entry } as T;
    this.#entries.push(recorded);
    if (this.#entries.length > this.#capacity) this.#entries.shift();
    return recorded;
  }

  /** Copies of the entries after `since` (all when 0), oldest first. */
  list(since = 0): T[] {
    const from = this.#entries.findIndex((entry) => entry.n > since);
    return from < 0 ? [] : structuredClone(this.#entries.slice(from));
  }

  /** Empties the journal; how many entries went. */
  clear(): number {
    const count = this.#entries.length;
    this.#entries = [];
    return count;
  }
}
