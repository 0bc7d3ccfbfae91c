import { FIELD_MAP, STANDARD_FIELDS } from '../field/bug-fields.js';
import type { Bug } from '../types.js';
import { textMatch } from './search-operators.js';

/**
 * The free-text criteria, each by its Bug.search name and its Search.pm name, with Search.pm's
 * `<name>_type`: the summary (`summary`, `short_desc`), `url` (`bug_file_loc`) and `whiteboard`
 * (`status_whiteboard`). Bug.search's default type is allwordssubstr: every word (split at white
 * space and commas) a substring, in any letter case. Repeated values are joined by commas, as
 * Search.pm joins a text field's values, so by default every word of every value must be found;
 * 5.2 keeps one of the two names when both come, at random, and here both count. An empty value is
 * no criterion, as Search.pm skips it; an empty type is Search.pm's own default, anyexact.
 */
const TEXT_FIELDS = [
  { names: ['short_desc', 'summary'], type: 'short_desc_type', of: (bug: Bug) => bug.fields.summary },
  { names: ['bug_file_loc', 'url'], type: 'bug_file_loc_type', of: (bug: Bug) => bug.fields.url },
  {
    names: ['status_whiteboard', 'whiteboard'],
    type: 'status_whiteboard_type',
    of: (bug: Bug) => bug.fields.whiteboard,
  },
] as const;

export function textFieldTests(query: URLSearchParams): Array<(bug: Bug) => boolean> {
  const tests: Array<(bug: Bug) => boolean> = [];
  for (const { names, type, of } of TEXT_FIELDS) {
    const values = query.getAll(names[0]).concat(query.getAll(names[1]));
    if (values.every((value) => value === '')) continue;
    const given = query.get(type);
    const match = textMatch(given === null ? 'allwordssubstr' : given || 'anyexact', values.join(','));
    tests.push((bug) => match(of(bug)));
  }
  return tests;
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
