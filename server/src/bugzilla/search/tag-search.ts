import { afterRead, type Read } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';

/**
 * Bug.search's `tag` (or `tags`): bugs the caller tagged with one of the names (their own tags; none for
 * an anonymous caller). A lookup made once, before the bugs are tested.
 */
export function tagTest(
  store: Store,
  user: User | undefined,
  query: URLSearchParams,
): { test: (bug: Bug) => boolean; lookup: () => Read<void> } | undefined {
  // `tags` is Bug.search's documented name; Search.pm reads it as `tag` (its FIELD_MAP).
  const tags = query
    .getAll('tag')
    .concat(query.getAll('tags'))
    .map((name) => name.trim().toLowerCase());
  if (tags.length === 0) return undefined;
  let tagged = new Set<number>();
  return {
    test: (bug) => tagged.has(bug.id),
    lookup: () =>
      user === undefined
        ? undefined
        : afterRead(store.bugsTagged(user.id, tags), (ids) => {
            tagged = new Set(ids);
          }),
  };
}
