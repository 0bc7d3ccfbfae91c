import { canSeeBug } from '../access.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';
import { EVERY_MATCH, unrestrictedSearch } from './every-bug.js';
import { and, type Expr, row, test } from './search-term.js';

/** extensions/SearchAPI/lib/API/V1/LastSeen.pm: `LIMIT 1000` on the ids, before visibility. */
const LAST_SEEN_LIMIT = 1000;
const DAY = 86_400;

/** Which users a LastSeen search looks at on a bug: its needinfo requestees, or its assignee. */
export type LastSeenKind = 'needinfo' | 'assignee';

/**
 * `days` as MySQL's `INTERVAL :days DAY` reads it: absent is NULL (no bug matches), text that is not
 * a number is 0, a number is its whole days.
 */
export function lastSeenCutoff(days: string | null, nowSeconds: number): number | null {
  if (days === null) return null;
  const leading = /^\s*[-+]?\d+/.exec(days);
  return nowSeconds - (leading ? Number(leading[0]) : 0) * DAY;
}

/**
 * LastSeen.pm needinfo_last_seen and assignee_last_seen: the unresolved bugs with a needinfo flag (of
 * any status, on the bug or an attachment) asked of someone, or assigned to someone, last seen before
 * the cutoff (never seen is no match: NULL compares false); the first 1000 by id, then those the caller
 * may see (new_from_list's order: by id).
 */
export async function lastSeenBugs(
  store: Store,
  user: User,
  kind: LastSeenKind,
  cutoff: number | null,
): Promise<Bug[]> {
  if (cutoff === null) return [];
  const parameters = store.instance.parameters;
  const stale = async (id: number | null | undefined) => {
    if (id === null || id === undefined) return false;
    const who = await store.userById(id);
    return who?.lastSeenDate !== undefined && who.lastSeenDate < cutoff;
  };
  const staleLogin = async (login: string | undefined) =>
    login !== undefined && stale((await store.userByLogin(login))?.id);
  const open = test({ kind: 'bug', column: 'resolution' }, { op: 'cmp', cmp: '=', value: '' });
  // A needinfo of any status that names someone, on the bug or an attachment (Search.pm's flags join).
  const needinfo: Expr = {
    kind: 'exists',
    relation: 'flags',
    where: and(test(row('name'), { op: 'in', values: ['needinfo?', 'needinfo+', 'needinfo-'] }), {
      kind: 'not',
      item: { kind: 'isNull', operand: row('requestee_id') },
    }),
  };
  const where = kind === 'needinfo' ? and(open, needinfo) : open;
  const found = await store.searchBugs(
    unrestrictedSearch({ where, joins: new Map() }, [], EVERY_MATCH, Math.floor(Date.now() / 1000)),
  );
  const matched: Bug[] = [];
  for (const bug of found) {
    if (matched.length === LAST_SEEN_LIMIT) break;
    if (kind === 'assignee') {
      if (await stale(bug.assignedTo)) matched.push(bug);
      continue;
    }
    const flags = [...bug.fields.flags];
    for (const attachment of await store.attachmentsOf(bug.id)) flags.push(...attachment.flags);
    const asked = flags.filter((flag) => flag.name === 'needinfo' && flag.requestee !== undefined);
    if ((await Promise.all(asked.map((flag) => staleLogin(flag.requestee)))).some(Boolean)) matched.push(bug);
  }
  return matched.filter((bug) => canSeeBug(user, bug, parameters));
}
