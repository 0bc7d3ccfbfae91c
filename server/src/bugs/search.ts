import { errors } from '../errors.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../store/types.js';
import { canSeeBug } from './check-bug.js';
import { parseLegalDate } from './legal-date.js';

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
 * as 5.2 ignores unknown names): a repeated criterion matches any of its
 * values, different criteria must all match. Hidden bugs are left out
 * silently; the answer is ordered by id; `limit` 0 means no limit and an
 * `offset` needs a `limit`.
 */
export async function searchBugs(store: Store, user: User | undefined, query: URLSearchParams): Promise<Bug[]> {
  const tests: Test[] = [];
  const peopleLookups: Array<(bugs: readonly Bug[]) => Promise<void>> = [];
  const values = (name: string) => query.getAll(name);

  const ids = values('id').flatMap((value) => value.split(','));
  // By id (the usual search): look those bugs up rather than scan every bug.
  let candidates: Iterable<Bug> | null = null;
  if (ids.length > 0) {
    const wanted = new Set(
      ids.map((id) => {
        const text = id.trim();
        if (!/^\d+$/.test(text)) throw errors.invalidBugId(text);
        return Number(text);
      }),
    );
    const looked = await Promise.all([...wanted].sort((a, b) => a - b).map((id) => store.bugById(id)));
    candidates = looked.filter((bug): bug is Bug => bug !== undefined);
  }
  const aliases = values('alias');
  if (aliases.length > 0) tests.push((bug) => bug.aliases.some((alias) => aliases.includes(alias)));
  for (const name of EXACT_FIELDS) {
    const wanted = values(name);
    if (wanted.length > 0) tests.push((bug) => wanted.includes(bug.fields[name]));
  }
  const summaries = values('summary');
  if (summaries.length > 0) {
    tests.push((bug) => {
      const summary = bug.fields.summary.toLowerCase();
      return summaries.some((text) =>
        text
          .toLowerCase()
          .split(/\s+/)
          .every((word) => summary.includes(word)),
      );
    });
  }
  // People criteria need logins: the users matching each criterion are looked up once, not per bug.
  for (const [name, key] of Object.entries(PEOPLE)) {
    const wanted = values(name).map((text) => text.toLowerCase());
    if (wanted.length === 0) continue;
    const logins = new Map<number, string>();
    tests.push((bug) => {
      const id = bug[key];
      const login = id === null ? '' : (logins.get(id) ?? '');
      return wanted.some((text) => login.includes(text));
    });
    peopleLookups.push(async (bugs) => {
      for (const bug of bugs) {
        const id = bug[key];
        if (id !== null && !logins.has(id)) logins.set(id, (await store.userById(id))?.login.toLowerCase() ?? '');
      }
    });
  }
  for (const name of ['last_change_time', 'creation_time'] as const) {
    const given = query.get(name);
    if (given === null) continue;
    const since = parseLegalDate(given);
    tests.push((bug) => bug.fields[name] >= since);
  }

  const limit = numberParam(query, 'limit');
  const offset = numberParam(query, 'offset');
  if (offset !== undefined && limit === undefined) {
    throw errors.searchNeedsLimit();
  }
  const max = Number(store.instance.parameters.max_search_results ?? '10000') || 10000;
  const parameters = store.instance.parameters;
  const bugs = [...(candidates ?? (await store.allBugs()))];
  for (const lookUp of peopleLookups) await lookUp(bugs);
  const found: Bug[] = [];
  for (const bug of bugs) {
    if (tests.every((test) => test(bug)) && canSeeBug(user, bug, parameters)) found.push(bug);
  }
  const start = offset ?? 0;
  const end = limit ? Math.min(start + limit, start + max) : start + max;
  return found.slice(start, end);
}

function numberParam(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  if (!/^\s*\d+\s*$/.test(text)) {
    throw errors.searchNumberRequired();
  }
  return Number(text);
}
