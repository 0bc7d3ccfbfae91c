import { canSeeBug } from '../access.js';
import { errors } from '../errors.js';
import { isStorableId } from '../ids.js';
import { afterRead, type Read, readAll, readEach } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, BugFlag, User } from '../types.js';
import { parseLegalDate } from './legal-date.js';
import { chartTests } from './search-charts.js';
import { namesSearchField, textFieldTests } from './search-criteria.js';
import { multiValueSearch } from './search-multi-value.js';
import { tagTest } from './tag-search.js';

type Test = (bug: Bug) => boolean;

const EXACT_FIELDS = [
  'product',
  'component',
  'status',
  'resolution',
  'priority',
  'severity',
  'version',
  'op_sys',
  'platform',
  'target_milestone',
] as const;

/** People criteria: a substring of the login, in any letter case. */
const PEOPLE = {
  assigned_to: 'assignedTo',
  creator: 'reporter',
  reporter: 'reporter',
  qa_contact: 'qaContact',
} as const;

/**
 * 5.2's Bug.search over the criteria bz-companion knows (others are ignored,
 * as 5.2 ignores unknown names, unless nothing else is asked and the tracker's
 * `search_allow_no_criteria` is off): a repeated criterion matches any of its
 * values (the summary's words: all of them), different criteria must all match. Hidden bugs are left out
 * silently; the answer is ordered by id; `limit` 0 means no limit and an
 * `offset` needs a `limit`.
 */
export function searchBugs(store: Store, user: User | undefined, query: URLSearchParams): Read<Bug[]> {
  const candidates = byIdCandidates(store, query);
  const tests = fieldTests(query);
  let attachmentFlags: ReadonlyMap<number, readonly BugFlag[]> = new Map();
  const charts = chartTests(query, (bugId) => attachmentFlags.get(bugId) ?? []);
  tests.push(...charts.tests);
  const people = peopleTests(store, query);
  if (charts.flagCharts) {
    people.lookups.push(() =>
      afterRead(store.attachmentFlagsByBug(), (flags) => {
        attachmentFlags = flags;
      }),
    );
  }
  tests.push(...people.tests);
  const emails = emailChartTests(store, query);
  tests.push(...emails.tests);
  people.lookups.push(...emails.lookups);
  const multiValued = multiValueSearch(store, user, query);
  tests.push(...multiValued.tests);
  people.lookups.push(...multiValued.lookups);
  const tagged = tagTest(store, user, query);
  if (tagged) {
    tests.push(tagged.test);
    people.lookups.push(tagged.lookup);
  }
  const { start, end } = page(store, query);
  const parameters = store.instance.parameters;
  const noCriteria = candidates === null && tests.length === 0 && !namesSearchField(query);
  if (noCriteria && parameters.search_allow_no_criteria === '0') throw errors.searchNeedsCriteria();
  return afterRead(candidates ?? store.allBugs(), (listed) => {
    const bugs = [...listed].filter((bug): bug is Bug => bug !== undefined);
    return afterRead(
      readEach(people.lookups, (lookUp) => lookUp(bugs)),
      () =>
        bugs.filter((bug) => tests.every((test) => test(bug)) && canSeeBug(user, bug, parameters)).slice(start, end),
    );
  });
}

/** By id (the usual search): those bugs are looked up rather than every bug scanned; null without `id`. */
function byIdCandidates(store: Store, query: URLSearchParams): Read<Array<Bug | undefined>> | null {
  const ids = query.getAll('id').flatMap((value) => value.split(','));
  if (ids.length === 0) return null;
  const wanted = new Set(
    ids.map((id) => {
      const text = id.trim();
      if (!/^\d+$/.test(text)) throw errors.invalidBugId(text);
      return Number(text);
    }),
  );
  // An id no bug can have finds nothing (and never reaches the store).
  const storable = [...wanted].filter(isStorableId).sort((a, b) => a - b);
  return readAll(storable.map((id) => store.bugById(id)));
}

/** The criteria a bug's own fields decide: alias, the exact fields, summary, url and whiteboard, times since. */
function fieldTests(query: URLSearchParams): Test[] {
  const tests: Test[] = [];
  const aliases = query.getAll('alias');
  if (aliases.length > 0) tests.push((bug) => bug.aliases.some((alias) => aliases.includes(alias)));
  for (const name of EXACT_FIELDS) {
    // Search.pm reads the resolution `---` as an open bug's empty one.
    const wanted = name === 'resolution' ? query.getAll(name).map(openResolution) : query.getAll(name);
    if (wanted.length > 0) tests.push((bug) => wanted.includes(bug.fields[name]));
  }
  tests.push(...textFieldTests(query));
  for (const name of ['last_change_time', 'creation_time'] as const) {
    const given = query.get(name);
    if (given === null) continue;
    const since = parseLegalDate(given);
    tests.push((bug) => bug.fields[name] >= since);
  }
  return tests;
}

function openResolution(value: string): string {
  return value === '---' ? '' : value;
}

/**
 * The people criteria, which need logins: the users a criterion names are looked up once for the
 * bugs listed (`lookups`), not per bug, and `tests` then read them.
 */
function peopleTests(store: Store, query: URLSearchParams) {
  const tests: Test[] = [];
  const lookups: Array<(bugs: readonly Bug[]) => Read<void>> = [];
  for (const [name, key] of Object.entries(PEOPLE)) {
    const wanted = query.getAll(name).map((text) => text.toLowerCase());
    if (wanted.length === 0) continue;
    const logins = new Map<number, string>();
    tests.push((bug) => {
      const id = bug[key];
      const login = id === null ? '' : (logins.get(id) ?? '');
      return wanted.some((text) => login.includes(text));
    });
    lookups.push((bugs) => {
      const ids = [...new Set(bugs.map((bug) => bug[key]))].filter((id): id is number => id !== null);
      return afterRead(readAll(ids.map((id) => store.userById(id))), (users) => {
        for (const [i, id] of ids.entries()) logins.set(id, users[i]?.login.toLowerCase() ?? '');
      });
    });
  }
  return { tests, lookups };
}

/** The roles of Bugzilla's email chart (`emailassigned_toN=1` …), by the bug's field. */
const EMAIL_ROLES = { assigned_to: 'assignedTo', reporter: 'reporter', qa_contact: 'qaContact' } as const;

/**
 * Bugzilla's email chart, as its search form and Bug.search (through Search.pm) take it: `emailN`
 * a login (`emailtypeN` `equals`, `exact` or the default `substring`), matched against the roles
 * whose `emailROLEN=1` is given (assignee, reporter, QA contact, CC): a bug matches when any of those
 * roles does; several N must all match. What "the bugs I am involved in" is asked with.
 */
function emailChartTests(store: Store, query: URLSearchParams) {
  const tests: Test[] = [];
  const lookups: Array<(bugs: readonly Bug[]) => Read<void>> = [];
  const charts: string[] = [];
  for (const name of query.keys()) {
    // Most searches have no chart: a cheap test before the pattern, and no set of names made.
    if (!name.startsWith('email')) continue;
    const n = /^email(\d+)$/.exec(name)?.[1];
    if (n === undefined || charts.includes(n)) continue;
    charts.push(n);
    const wanted = (query.get(name) ?? '').trim().toLowerCase();
    if (wanted === '') continue;
    const exact = ['equals', 'exact'].includes(query.get(`emailtype${n}`) ?? '');
    const matches = (login: string) => (exact ? login === wanted : login.includes(wanted));
    const roles = Object.entries(EMAIL_ROLES).filter(([role]) => query.get(`email${role}${n}`) === '1');
    const cc = query.get(`emailcc${n}`) === '1';
    const logins = new Map<number, string>();
    tests.push((bug) => {
      const login = (id: number | null) => (id === null ? '' : (logins.get(id) ?? ''));
      return roles.some(([, key]) => matches(login(bug[key]))) || (cc && bug.cc.some((id) => matches(login(id))));
    });
    lookups.push((bugs) => {
      const ids = new Set<number>();
      for (const bug of bugs) {
        for (const [, key] of roles) if (bug[key] !== null) ids.add(bug[key] as number);
        if (cc) for (const id of bug.cc) ids.add(id);
      }
      const list = [...ids];
      return afterRead(readAll(list.map((id) => store.userById(id))), (users) => {
        for (const [i, id] of list.entries()) logins.set(id, users[i]?.login.toLowerCase() ?? '');
      });
    });
  }
  return { tests, lookups };
}

/** `limit` (0: none) and `offset` (which needs a limit), within the tracker's max_search_results. */
function page(store: Store, query: URLSearchParams): { start: number; end: number } {
  const limit = numberParam(query, 'limit');
  const offset = numberParam(query, 'offset');
  if (offset !== undefined && limit === undefined) throw errors.searchNeedsLimit();
  const max = Number(store.instance.parameters.max_search_results ?? '10000') || 10000;
  const start = offset ?? 0;
  return { start, end: limit ? Math.min(start + limit, start + max) : start + max };
}

function numberParam(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  if (!/^\s*\d+\s*$/.test(text)) {
    throw errors.searchNumberRequired();
  }
  return Number(text);
}
