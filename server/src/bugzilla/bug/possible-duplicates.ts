import { canSeeBug } from '../access.js';
import { unrestrictedSearch } from '../search/every-bug.js';
import { and, type Expr, or, test } from '../search/search-term.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';

/** Bugzilla::Constants MAX_POSSIBLE_DUPLICATES. */
export const MAX_POSSIBLE_DUPLICATES = 25;

/**
 * The words of a summary 5.2 looks for: split at white space, punctuation trimmed from both ends,
 * longer than two characters, lowercase.
 */
function summaryWords(summary: string): string[] {
  return summary
    .split(/[\s\b]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '').toLowerCase())
    .filter((word) => [...word].length > 2);
}

/**
 * 5.2's Bug->possible_duplicates as it runs on PostgreSQL (whose driver has no full-text OR, so each
 * word is a `LOWER(short_desc) LIKE '%word%'`, ORed, and the relevance is how many match): the bugs of
 * the products named whose summary holds a word, the most words first (then the higher id), `limit` + 5
 * of them, searched where the data is; a duplicate stands for the bug it ultimately duplicates; each
 * once, at most `limit`, those the caller may see, by id.
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
  const terms: Expr[] = words.map((word) =>
    test({ kind: 'bug', column: 'short_desc' }, { op: 'lowerLike', pattern: `%${word}%` }),
  );
  const wanted = products.map((product) => store.catalogue.product(product)?.name ?? product);
  const matching = or(...terms);
  const where =
    wanted.length === 0
      ? matching
      : and(matching, test({ kind: 'bug', column: 'product' }, { op: 'in', values: wanted }));
  const search = unrestrictedSearch(
    { where, joins: new Map() },
    [
      { kind: 'relevance', terms, desc: true },
      { kind: 'column', operand: { kind: 'bug', column: 'bug_id' }, desc: true },
    ],
    limit + 5,
    Math.floor(Date.now() / 1000),
  );
  const ids: number[] = [];
  for (const bug of await store.searchBugs(search)) {
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
