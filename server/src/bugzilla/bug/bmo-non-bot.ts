import type { Store } from '../store/store.js';
import type { Bug } from '../types.js';

/**
 * BMO's Bugzilla::Bug::delta_ts_non_bot: the bug's last change by someone who is not a bot. With
 * the `last_change_time_non_bot_skip_list` parameter empty, its last_change_time; otherwise the
 * latest change set or comment by an account the list does not name (null when the list names no
 * account, or every change is a bot's).
 */
export async function lastChangeNonBot(bug: Bug, store: Store): Promise<number | null> {
  const list = (store.instance.parameters.last_change_time_non_bot_skip_list ?? '').split(/[\s,]+/).filter(Boolean);
  if (list.length === 0) return bug.fields.last_change_time;
  const bots = new Set(
    (await Promise.all(list.map((login) => store.userByLogin(login)))).flatMap((user) => (user ? [user.id] : [])),
  );
  if (bots.size === 0) return null;
  let latest: number | null = null;
  for (const set of await store.historyOf(bug.id))
    if (!bots.has(set.who) && (latest === null || set.when > latest)) latest = set.when;
  for (const comment of await store.commentsOf(bug.id)) {
    if (!bots.has(comment.author) && (latest === null || comment.time > latest)) latest = comment.time;
  }
  return latest;
}
