import { IdSet, type Ids, intersectIds, unionIds } from './id-set.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct lower-case words (letters and digits) of a text. */
export function tokensOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/**
 * The bugs by the words of one of their texts (summary, whiteboard, comments): what substring
 * searches start from. A substring made of letters and digits lies inside one word of the text, so a
 * text holding a pattern holds, for each of the pattern's words, a word that contains it: the
 * candidates are the bugs with such words for every word of the pattern, found by walking the
 * vocabulary (which grows far slower than the bugs do), then checked in full.
 */
export class TokenIndex {
  readonly #bugs = new Map<string, IdSet>();

  add(bugId: number, tokens: Iterable<string>): void {
    for (const token of tokens) {
      let ids = this.#bugs.get(token);
      if (ids === undefined) {
        ids = new IdSet();
        this.#bugs.set(token, ids);
      }
      ids.add(bugId);
    }
  }

  remove(bugId: number, tokens: Iterable<string>): void {
    for (const token of tokens) {
      const ids = this.#bugs.get(token);
      if (ids === undefined) continue;
      ids.delete(bugId);
      if (ids.size === 0) this.#bugs.delete(token);
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
    this.#bugs.clear();
  }

  /**
   * The bugs whose text may contain `pattern` (lower case): every word of it inside some word of theirs.
   * Undefined when the pattern has no word to look for (any text may hold it).
   */
  candidates(pattern: string): Ids | undefined {
    const words = [...tokensOf(pattern)];
    if (words.length === 0) return undefined;
    // The longest word first: the fewest words of the vocabulary contain it.
    words.sort((a, b) => b.length - a.length);
    const lists: Ids[] = [];
    for (const word of words) {
      const found: Ids[] = [];
      for (const [token, ids] of this.#bugs) if (token.includes(word)) found.push(ids.ids());
      if (found.length === 0) return [];
      lists.push(unionIds(found));
    }
    return intersectIds(lists);
  }
}
