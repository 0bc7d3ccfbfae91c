import type { QuicksearchCatalogue } from './quicksearch-fields.js';

/** What a word writes into: the quicksearch's charts (quicksearch.ts ChartWriter) and the catalogue they read. */
export interface WordCharts {
  readonly catalogue: Pick<QuicksearchCatalogue, 'keywords'>;
  add(field: string, operator: string, value: string | undefined, negate: boolean): void;
}

/** Quicksearch.pm's PRODUCT_EXCEPTIONS and COMPONENT_EXCEPTIONS: words too common in those names. */
const PRODUCT_EXCEPTIONS = new Set(['row', 'new']);
const COMPONENT_EXCEPTIONS = new Set(['hang']);

/**
 * _default_quicksearch_word: a plain word is looked for in the product and component names (from three
 * letters), as a keyword when it is one, in the aliases, the summary, the whiteboard, and, with the
 * user's `quicksearch_fulltext` setting on (5.2's default, and bz-companion keeps no other), in the
 * comments through the full-text `content` field; any of them may match.
 */
export function quicksearchWords(charts: WordCharts, word: string | undefined, negate: boolean): void {
  const lower = word?.toLowerCase() ?? '';
  const long = word !== undefined && word.length > 2;
  if (long && !PRODUCT_EXCEPTIONS.has(lower)) charts.add('product', 'substring', word, negate);
  if (long && !COMPONENT_EXCEPTIONS.has(lower)) charts.add('component', 'substring', word, negate);
  if (charts.catalogue.keywords.some((keyword) => keyword.toLowerCase() === lower)) {
    charts.add('keywords', 'substring', word, negate);
  }
  charts.add('alias', 'substring', word, negate);
  charts.add('short_desc', 'substring', word, negate);
  charts.add('status_whiteboard', 'substring', word, negate);
  charts.add('content', 'matches', matchesPhrase(word ?? ''), negate);
}

/** _matches_phrase: the word as one quoted phrase for the full-text `content` chart. */
export function matchesPhrase(phrase: string): string {
  return `"${phrase.replace(/"/g, '\\"')}"`;
}
