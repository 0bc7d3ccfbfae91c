import type { Mismatch } from '@bz-companion/shared';

export type { Mismatch };

const CAPACITY = 10_000;

/** The mismatches found, oldest first: the latest 10,000. */
export class MismatchJournal {
  #entries: Mismatch[] = [];
  #next = 1;

  add(entry: Omit<Mismatch, 'n'>): Mismatch {
    const recorded = { n: this.#next++, ...entry };
    this.#entries.push(recorded);
    if (this.#entries.length > CAPACITY) this.#entries.shift();
    return recorded;
  }

  list(since = 0): Mismatch[] {
    return structuredClone(this.#entries.filter((entry) => entry.n > since));
  }

  clear(): number {
    const count = this.#entries.length;
    this.#entries = [];
    return count;
  }
}
