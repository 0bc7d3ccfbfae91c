import { canSeeBug } from '../access.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';

/** Bugzilla::Constants MAX_POSSIBLE_DUPLICATES. */
export const MAX_POSSIBLE_DUPLICATES = 25;

/**
 * The words of a summary 5.2 looks for: split at white space, punctuation trimmed from both ends,
 * longer than two characters, lowercase.
 */
export function summaryWords(summary: string): string[] {
  return summary
    .split(/[\s\b]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '').toLowerCase())
    .filter((word) => [...word].length > 2);
}

/**
 * 5.2's Bug->possible_duplicates as it runs on PostgreSQL (whose driver has no full-text OR, so
 * each word is a `LOWER(short_desc) LIKE '%word%'`): the bugs whose summary contains any of the
 * words, the most words first (then the higher id), `limit` + 5 of them; a duplicate stands for
 * the bug it ultimately duplicates; each once, at most `limit`, those the caller may see, by id.
 */
export async function possibleDuplicates(
  store: Store,
  user: User | undefined,
  summary: string,
  products: readonly string[],
  limit: number,
): Promise<Bug[]> {
  const words = summaryWords(summary);
  if (words.length === 0) return [];
  const wanted = new Set(products.map((product) => product.toLowerCase()));
  const scored: Array<{ bug: Bug; relevance: number }> = [];
  for (const bug of await store.allBugs()) {
    if (wanted.size > 0 && !wanted.has(bug.fields.product.toLowerCase())) continue;
    const text = bug.fields.summary.toLowerCase();
    const relevance = words.filter((word) => text.includes(word)).length;
    if (relevance > 0) scored.push({ bug, relevance });
  }
  scored.sort((a, b) => b.relevance - a.relevance || b.bug.id - a.bug.id);
  const ids: number[] = [];
  for (const { bug } of scored.slice(0, limit + 5)) {
    const id = bug.fields.resolution === 'DUPLICATE' ? await ultimateDuplicate(store, bug) : bug.id;
    if (!ids.includes(id)) ids.push(id);
  }
  const found: Bug[] = [];
  for (const id of ids.slice(0, limit)) {
    const bug = await store.bugById(id);
    if (bug && canSeeBug(user, bug, store.instance.parameters)) found.push(bug);
  }
  return found.sort((a, b) => a.id - b.id);
}

/** The bug a duplicate ultimately duplicates (5.2's _resolve_ultimate_dup_id), stopping at a loop. */
async function ultimateDuplicate(store: Store, bug: Bug): Promise<number> {
  const seen = new Set<number>([bug.id]);
  let current = bug;
  while (current.fields.dupe_of !== null && !seen.has(current.fields.dupe_of)) {
    const next = await store.bugById(current.fields.dupe_of);
    if (!next) return current.fields.dupe_of;
    seen.add(next.id);
    current = next;
  }
  return current.id;
}
