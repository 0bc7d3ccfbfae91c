import { IdSet, type Ids, intersectIds, unionIds } from './id-set.js';
import { WordGrams } from './word-grams.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct lower-case words (letters and digits) of a text. */
export function tokensOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/**
 * The bugs by the words of one of their texts (summary, whiteboard, comments): what substring
 * searches start from. A substring made of letters and digits lies inside one word of the text, so a
 * text holding a pattern holds, for each of the pattern's words, a word that contains it: the
 * candidates are the bugs with such words for every word of the pattern, found among the words that
 * share its rarest three characters (word-grams.ts), then checked in full.
 */
export class TokenIndex {
  readonly #bugs = new Map<string, IdSet>();
  /** The vocabulary (the keys of #bugs) by its words' grams. */
  readonly #grams = new WordGrams();
  /** Each word looked for since the index last changed, with the sets of the words that contain it. */
  readonly #containing = new Map<string, IdSet[]>();

  add(bugId: number, tokens: Iterable<string>): void {
    this.#changed();
    for (const token of tokens) {
      let ids = this.#bugs.get(token);
      if (ids === undefined) {
        ids = new IdSet();
        this.#bugs.set(token, ids);
        this.#grams.add(token);
      }
      ids.add(bugId);
    }
  }

  remove(bugId: number, tokens: Iterable<string>): void {
    this.#changed();
    for (const token of tokens) {
      const ids = this.#bugs.get(token);
      if (ids === undefined) continue;
      ids.delete(bugId);
      if (ids.size === 0) {
        this.#bugs.delete(token);
        this.#grams.delete(token);
      }
    }
  }

  /** The bug's words were `before` and are `now`: it leaves the words it lost and joins those it gained. */
  move(bugId: number, before: ReadonlySet<string> | undefined, now: ReadonlySet<string>): void {
    if (before === undefined) {
      this.add(bugId, now);
      return;
    }
    for (const token of before) if (!now.has(token)) this.remove(bugId, [token]);
    for (const token of now) if (!before.has(token)) this.add(bugId, [token]);
  }

  clear(): void {
    this.#changed();
    this.#bugs.clear();
    this.#grams.clear();
  }

  #changed(): void {
    if (this.#containing.size > 0) this.#containing.clear();
  }

  /**
   * The sets of the vocabulary's words that contain `word` (those sharing its rarest gram, or the whole
   * vocabulary for a word shorter than a gram; kept until a change).
   */
  #setsContaining(word: string): IdSet[] {
    let sets = this.#containing.get(word);
    if (sets === undefined) {
      sets = [];
      const near = this.#grams.candidates(word);
      if (near === undefined) {
        for (const [token, ids] of this.#bugs) if (token.includes(word)) sets.push(ids);
      } else {
        for (const token of near) if (token.includes(word)) sets.push(this.#bugs.get(token) as IdSet);
      }
      // Bounded: a read-only stretch of many different searches keeps only the latest words.
      if (this.#containing.size >= 256) this.#containing.clear();
      this.#containing.set(word, sets);
    }
    return sets;
  }

  /** How many bugs hold `word` inside a word of theirs, at most (the sizes of its sets, summed). */
  #bound(word: string): number {
    let bound = 0;
    for (const ids of this.#setsContaining(word)) bound += ids.size;
    return bound;
  }

  /**
   * At most how many bugs `candidates(pattern)` gives (the word the fewest bugs hold bounds them);
   * undefined when the pattern has no word. Lets a search start from its narrowest term.
   */
  estimate(pattern: string): number | undefined {
    let least: number | undefined;
    for (const word of tokensOf(pattern)) least = Math.min(least ?? Number.POSITIVE_INFINITY, this.#bound(word));
    return least;
  }

  /**
   * The bugs whose text may contain `pattern` (lower case): every word of it inside some word of theirs.
   * Undefined when the pattern has no word to look for (any text may hold it). The rarest word first;
   * a word held by at least as many bugs as are left is not gathered (each candidate is checked in
   * full afterwards, which costs less than uniting that word's bugs).
   */
  candidates(pattern: string): Ids | undefined {
    const words = [...tokensOf(pattern)].map((word) => ({ word, bound: this.#bound(word) }));
    if (words.length === 0) return undefined;
    words.sort((a, b) => a.bound - b.bound);
    let found: Ids | undefined;
    for (const { word, bound } of words) {
      if (found !== undefined && bound >= found.length) break;
      const sets = this.#setsContaining(word);
      if (sets.length === 0) return [];
      const holding = unionIds(sets.map((ids) => ids.ids()));
      found = found === undefined ? holding : intersectIds([found, holding]);
      if (found.length === 0) return [];
    }
    return found;
  }
}
