import { BugzillaError } from '../errors.js';
import { parseLine } from './parse-line.js';
import { type QuicksearchCatalogue, quicksearchFieldMap, translateFieldName } from './quicksearch-fields.js';
import { matchesPhrase, quicksearchWords } from './quicksearch-words.js';
import { searchErrors } from './search-errors.js';
import type { SearchParams } from './search-params.js';

/** Quicksearch.pm's OPERATOR_SYMBOLS, longest first (so `>=` is tried before `>`). */
const OPERATOR_SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['!=', 'notequals'],
  ['>=', 'greaterthaneq'],
  ['<=', 'lessthaneq'],
  [':', 'substring'],
  ['=', 'equals'],
  ['>', 'greaterthan'],
  ['<', 'lessthan'],
];

/** Quicksearch.pm's FIELD_OPERATOR: the operator these fields always take. */
const FIELD_OPERATOR: Readonly<Record<string, string>> = { content: 'matches', owner_idle_time: 'greaterthan' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Quicksearch.pm's quicksearch, as Bug.search runs it: the boolean charts (`fieldC-A-O`) its words make,
 * the statuses it asks for (open bugs when the words name none), bug ids when it is only numbers;
 * added to `kept` (what else the request asked), which it returns. Its errors are 5.2's.
 */
export function quicksearch(text: string, kept: SearchParams, catalogue: QuicksearchCatalogue): SearchParams {
  const searchstring = text.replace(/(^[\s,]+|[\s,]+$)/g, '');
  if (searchstring === '') throw searchErrors.needsCriteria();
  if (/^[0-9,\s]*$/.test(searchstring)) {
    kept.set('bug_id', searchstring.replace(/[,\s]+/g, ','));
    kept.set('order', 'bugs.bug_id');
    kept.set('bug_id_type', 'anyexact');
    return kept;
  }
  const words = parseLine('\\s+', true, searchstring);
  if (words.length === 0) throw quicksearchUnbalanced(searchstring);
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  if (/^(?:AND|OR)$/.test(first) || /^(?:AND|OR|NOT)$/.test(last)) throw quicksearchInvalid();
  const state = new ChartWriter(kept, quicksearchFieldMap(catalogue.customFields), catalogue);
  const qswords = orGroups(words);
  const statusSet = state.statusAndResolution(qswords[0]);
  if (statusSet) qswords.shift();
  for (const qsword of qswords) {
    for (const operand of parseLine('\\|', true, qsword)) {
      if (operand === undefined) continue;
      const negate = operand.startsWith('-');
      const term = negate ? operand.slice(1) : operand;
      if (state.specialFirstChar(term, negate)) continue;
      if (state.fieldNames(term, negate)) continue;
      for (const word of parseLine(',', false, term)) {
        if (!state.prioritySyntax(word, negate)) quicksearchWords(state, word, negate);
        state.url(word, negate);
      }
    }
    state.nextChart();
  }
  if (!state.statusSet)
    kept.set(
      'bug_status',
      catalogue.statuses.filter((s) => s.isOpen).map((s) => s.value),
    );
  state.throwUnknownFields();
  return kept;
}

/** The words in OR groups (`a OR b` is `a|b`); NOT negates the next word; AND is white space. */
function orGroups(input: Array<string | undefined>): string[] {
  const words = [...input];
  const qswords: string[] = [];
  let group: string[] = [];
  while (words.length > 0) {
    let word = words.shift() ?? '';
    if (word === 'AND') {
      if (words[0] === 'OR') throw quicksearchInvalid(['AND', 'OR']);
    } else if (word === 'OR') {
      if (words[0] === 'AND') throw quicksearchInvalid(['OR', 'AND']);
    } else if (word === 'NOT') {
      word = words.shift() ?? '';
      if (word === 'NOT') continue;
      if (word === 'AND' || word === 'OR') throw quicksearchInvalid(['NOT', word]);
      words.unshift(`-${word}`);
    } else {
      group.push(word);
      if (words[0] !== 'OR') {
        qswords.push(group.join('|'));
        group = [];
      }
    }
  }
  return qswords;
}

/** Where the next chart goes (Quicksearch.pm's $chart, $and, $or) and what the words asked so far. */
class ChartWriter {
  chart = 0;
  and = 0;
  or = 0;
  statusSet = false;
  readonly #params: SearchParams;
  readonly #fields: ReadonlyMap<string, string>;
  readonly catalogue: QuicksearchCatalogue;
  readonly #unknown: string[] = [];
  readonly #ambiguous = new Map<string, string[]>();

  constructor(params: SearchParams, fields: ReadonlyMap<string, string>, catalogue: QuicksearchCatalogue) {
    this.#params = params;
    this.#fields = fields;
    this.catalogue = catalogue;
  }

  /** addChart: the negated operator when negated, each negated chart an AND row of its own. */
  add(field: string, operator: string, value: string | undefined, negate: boolean): void {
    const type = negate ? (operator === 'anywords' ? 'nowords' : `not${operator}`) : operator;
    const id = `${this.chart}-${this.and}-${this.or}`;
    this.#params.set(`field${id}`, field);
    this.#params.set(`type${id}`, type);
    // canonicalise_query leaves out what has no value, so such a chart asks nothing.
    if (value !== undefined && value !== '') this.#params.set(`value${id}`, value);
    else this.#params.delete(`value${id}`);
    if (negate) {
      this.and++;
      this.or = 0;
    } else {
      this.or++;
    }
  }

  nextChart(): void {
    this.chart++;
    this.and = 0;
    this.or = 0;
  }

  /** _handle_status_and_resolution: a first word of statuses or resolutions (prefixes), OPEN or ALL. */
  statusAndResolution(word: string | undefined): boolean {
    const statuses = new Set<string>();
    const resolutions = new Set<string>();
    this.statusSet = true;
    if (word === 'OPEN') {
      for (const status of this.catalogue.statuses) if (status.isOpen) statuses.add(status.value);
    } else if (word !== 'ALL' && !this.#matchPrefixes(statuses, resolutions, word ?? '')) {
      this.statusSet = false;
    }
    if (resolutions.size > 0) {
      for (const status of this.catalogue.statuses) if (!status.isOpen) statuses.add(status.value);
    }
    // CGI's param with no values reads rather than sets: what the request had stays.
    if (statuses.size > 0) this.#params.set('bug_status', [...statuses]);
    if (resolutions.size > 0) this.#params.set('resolution', [...resolutions]);
    return this.statusSet;
  }

  #matchPrefixes(statuses: Set<string>, resolutions: Set<string>, word: string): boolean {
    if (!/^[A-Z_]+(,[A-Z_]+)*$/.test(word)) return false;
    let found = false;
    for (const prefix of word.split(',')) {
      for (const { value } of this.catalogue.statuses) {
        if (value.startsWith(prefix)) {
          statuses.add(value);
          found = true;
        }
      }
      for (const value of this.catalogue.resolutions) {
        if (value.startsWith(prefix)) {
          resolutions.add(value);
          found = true;
        }
      }
    }
    return found;
  }

  /** _handle_special_first_chars: `#summary`, `:product or component`, `@assignee`, `[whiteboard`, `!keyword`. */
  specialFirstChar(word: string, negate: boolean): boolean {
    if (word.length <= 1) return false;
    const base = word.slice(1);
    const parts = base.split(',');
    while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
    switch (word[0]) {
      case '#':
        this.add('short_desc', 'substring', base, negate);
        this.add('content', 'matches', matchesPhrase(base), negate);
        return true;
      case ':':
        for (const part of parts) {
          this.add('product', 'substring', part, negate);
          this.add('component', 'substring', part, negate);
        }
        return true;
      case '@':
        for (const part of parts) this.add('assigned_to', 'substring', part, negate);
        return true;
      case '[':
        this.add('short_desc', 'substring', base, negate);
        this.add('status_whiteboard', 'substring', base, negate);
        return true;
      case '!':
        this.add('keywords', 'anywords', base, negate);
        return true;
      default:
        return false;
    }
  }

  /** _handle_field_names: `field1,field2<op>value1,value2`, and the flag shortcut `name?requestee`. */
  fieldNames(operand: string, negate: boolean): boolean {
    for (const [symbol, operator] of OPERATOR_SYMBOLS) {
      const sides = parseLine(escapeRegExp(symbol), true, operand);
      if (sides.length !== 2) continue;
      const values = parseLine(',', true, sides[1]);
      for (const field of parseLine(',', true, sides[0])) {
        if (field === undefined) continue;
        const translated = translateFieldName(field, this.#fields);
        if (translated === undefined) this.#unknown.push(field);
        else if (Array.isArray(translated)) this.#ambiguous.set(field, translated);
        else this.#fieldValues(translated, FIELD_OPERATOR[translated] ?? operator, values, negate);
      }
      return true;
    }
    if (/^(["']).*\1$/s.test(operand)) return false;
    const flag = /^([^?]+\?)([^?]*)$/.exec(operand);
    if (flag === null) return false;
    this.#flags(flag[1] as string, flag[2] as string, negate);
    return true;
  }

  #fieldValues(field: string, operator: string, values: Array<string | undefined>, negate: boolean): void {
    if (field === 'bug_status' || field === 'resolution') this.statusSet = true;
    for (const given of values) {
      let value = given;
      const quoted = value === undefined ? null : /^(["'])(.+)\1$/s.exec(value);
      if (quoted) value = (quoted[2] as string).replace(/\\(["'])/g, '$1');
      const requested = field === 'flagtypes.name' && value !== undefined ? /^([^?]+\?)([^?]+)$/.exec(value) : null;
      if (requested) this.#flags(requested[1] as string, requested[2] as string, negate);
      else this.add(field, operator, value, negate);
    }
  }

  /** _handle_flags: a flag's name and status, and its requestee in a chart of its own. */
  #flags(flag: string, requestee: string, negate: boolean): void {
    this.add('flagtypes.name', 'substring', flag, negate);
    if (requestee === '') return;
    this.chart++;
    this.and = 0;
    this.or = 0;
    this.add('requestees.login_name', 'substring', requestee, negate);
  }

  /** _special_field_syntax: `P1`, `P2-4`: priorities by name, or the nth. */
  prioritySyntax(word: string | undefined, negate: boolean): boolean {
    const match = word === undefined ? null : /^P(\d+)(?:-(\d+))?$/i.exec(word);
    if (match === null) return false;
    const legal = this.catalogue.priorities;
    const [, from, to] = match;
    let start = legal.indexOf(`P${from}`);
    if (start === -1) start = Math.max(0, Number(from) - 1);
    let value = legal[start];
    if (to !== undefined) {
      let end = legal.indexOf(`P${to}`);
      if (end === -1) end = Math.max(0, Math.min(legal.length, Number(to)) - 1);
      if (end < start) [start, end] = [end, start];
      value = legal.slice(start, end + 1).join(',');
    }
    this.add('priority', 'anyexact', value, negate);
    return true;
  }

  /** _handle_urls: what looks like an address, a host name or a URL is looked for in the URL too. */
  url(word: string | undefined, negate: boolean): void {
    if (word === undefined) return;
    if (
      /[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+/.test(word) ||
      /^[A-Za-z]+(\.[A-Za-z]+)+/.test(word) ||
      /:[\\/][\\/]/.test(word) ||
      /localhost/.test(word) ||
      /mailto[:]?/.test(word)
    ) {
      this.add('bug_file_loc', 'substring', word, negate);
    }
  }

  throwUnknownFields(): void {
    if (this.#unknown.length === 0 && this.#ambiguous.size === 0) return;
    const parts = ['There is a problem with your search:'];
    for (const field of this.#unknown) parts.push(`${field} is not a valid field name.`);
    for (const [field, matches] of this.#ambiguous)
      parts.push(`${field} matches more than one field: ${matches.join(', ')}`);
    if (this.#unknown.length > 0) parts.push('The legal field names are listed here.');
    throw new BugzillaError(32000, parts.join(' '));
  }
}

function quicksearchInvalid(operators?: readonly [string, string]): BugzillaError {
  const detail = operators
    ? `The ${operators[0]} operator cannot be followed by ${operators[1]}.`
    : 'A query cannot start with AND or OR, nor can it end with AND, OR or NOT. They are reserved operators and must be quoted if you want to look for these strings.';
  return new BugzillaError(32000, `Your query is invalid. ${detail}`);
}

function quicksearchUnbalanced(text: string): BugzillaError {
  return new BugzillaError(
    32000,
    `Bugzilla is unable to parse your query correctly: ${text}. If you use quotes to enclose strings, make sure both quotes are present. If you really want to look for a quote in a string, type \\" instead of ". For instance, "I'm so \\"special\\", really" (with quotes) will be interpreted as I'm so "special", really.`,
  );
}
