/** How long a gram is: three characters, as pg_trgm's (a word of three or more has at least one). */
const GRAM = 3;

/**
 * The words of a vocabulary by the three-character pieces (grams) they hold, so that the words containing a
 * search's word are found among the few sharing its rarest gram, not by reading every word: over the
 * 100,000 words of a 100,000-bug tracker's summaries a walk took milliseconds per search. A word shorter
 * than a gram has none to look up; its caller walks the vocabulary then (such a word is inside many).
 */
export class WordGrams {
  readonly #words = new Map<string, Set<string>>();

  add(word: string): void {
    for (const gram of gramsOf(word)) {
      let words = this.#words.get(gram);
      if (words === undefined) {
        words = new Set();
        this.#words.set(gram, words);
      }
      words.add(word);
    }
  }

  delete(word: string): void {
    for (const gram of gramsOf(word)) {
      const words = this.#words.get(gram);
      if (words === undefined) continue;
      words.delete(word);
      if (words.size === 0) this.#words.delete(gram);
    }
  }

  clear(): void {
    this.#words.clear();
  }

  /**
   * The words that may contain `part` (each still to be checked with includes): those of its rarest
   * gram, for a word holding `part` holds each of its grams. Undefined when `part` is shorter than a gram.
   */
  candidates(part: string): ReadonlySet<string> | undefined {
    if (part.length < GRAM) return undefined;
    let rarest: ReadonlySet<string> | undefined;
    for (const gram of gramsOf(part)) {
      const words = this.#words.get(gram);
      if (words === undefined) return EMPTY;
      if (rarest === undefined || words.size < rarest.size) rarest = words;
    }
    return rarest;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function* gramsOf(word: string): Generator<string> {
  for (let at = 0; at + GRAM <= word.length; at++) yield word.slice(at, at + GRAM);
}
