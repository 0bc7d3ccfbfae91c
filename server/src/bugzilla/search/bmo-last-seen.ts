import { canSeeBug } from '../access.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';

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
export function lastSeenBugs(store: Store, user: User, kind: LastSeenKind, cutoff: number | null): Read<Bug[]> {
  if (cutoff === null) return [];
  const parameters = store.instance.parameters;
  const stale = (id: number | null | undefined) =>
    id === null || id === undefined
      ? false
      : afterRead(store.userById(id), (who) => who?.lastSeenDate !== undefined && who.lastSeenDate < cutoff);
  const staleLogin = (login: string | undefined) =>
    login === undefined ? false : afterRead(store.userByLogin(login), (who) => stale(who?.id));
  return afterRead(store.allBugs(), (all) =>
    afterRead(store.attachmentFlagsByBug(), (attachmentFlags) => {
      const open = [...all].filter((bug) => bug.fields.resolution === '').sort((a, b) => a.id - b.id);
      const matches = open.map((bug) => {
        if (kind === 'assignee') return stale(bug.assignedTo);
        const flags = [...bug.fields.flags, ...(attachmentFlags.get(bug.id) ?? [])];
        const asked = flags.filter((flag) => flag.name === 'needinfo').map((flag) => staleLogin(flag.requestee));
        return afterRead(readAll(asked), (each) => each.some(Boolean));
      });
      return afterRead(readAll(matches), (matched) =>
        open
          .filter((_, i) => matched[i])
          .slice(0, LAST_SEEN_LIMIT)
          .filter((bug) => canSeeBug(user, bug, parameters)),
      );
    }),
  );
}
