import { FIELD_MAP, STANDARD_FIELDS } from '../domain/catalogue/bug-fields.js';
import type { Bug } from '../domain/types.js';
import { textMatch } from './search-operators.js';

/**
 * The summary criterion: `short_desc`, or Bug.search's name for it, `summary`, by `short_desc_type`.
 * Bug.search's default type is allwordssubstr: every word (split at white space and commas) a
 * substring, in any letter case. Repeated values are joined by commas, as Search.pm joins a text
 * field's values, so by default every word of every value must be found; 5.2 keeps one of
 * `summary` and `short_desc` when both come, at random, and here both count. An empty value is no
 * criterion, as Search.pm skips it; an empty type is Search.pm's own default, anyexact.
 */
export function summaryTest(query: URLSearchParams): ((bug: Bug) => boolean) | null {
  const values = query.getAll('short_desc').concat(query.getAll('summary'));
  if (values.every((value) => value === '')) return null;
  const type = query.get('short_desc_type');
  const match = textMatch(type === null ? 'allwordssubstr' : type || 'anyexact', values.join(','));
  return (bug) => match(bug.fields.summary);
}

/** The names Search.pm takes as criteria: its fields, by their own names and by Bug.search's. */
const SEARCH_FIELD_NAMES: ReadonlySet<string> = new Set([
  ...STANDARD_FIELDS.map((field) => field.name),
  ...Object.keys(FIELD_MAP),
  'quicksearch',
  'long_desc',
  'tags',
]);

/** A custom search chart (`f1=…`) or an old boolean chart (`field0-0-0=…`). */
const CHART = /^(f|field)\d/;

/**
 * Whether the query asks something of a field 5.2 knows, with a value: with `search_allow_no_criteria`
 * off, a search without (only unknown names such as `IDONTEXIST`, or none) is refused. Fields
 * bz-companion does not yet filter on still count, so such a search is answered rather than refused.
 */
export function namesSearchField(query: URLSearchParams): boolean {
  for (const [name, value] of query) {
    if (value.trim() !== '' && (SEARCH_FIELD_NAMES.has(name) || CHART.test(name))) return true;
  }
  return false;
}
