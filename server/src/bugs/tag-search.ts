import { afterRead, type Read } from '../domain/read.js';
import type { Bug, User } from '../domain/types.js';
import type { Store } from '../store/store.js';

/**
 * Bug.search's `tag`: bugs the caller tagged with one of the names (their own tags; none for
 * an anonymous caller). A lookup made once, before the bugs are tested.
 */
export function tagTest(
  store: Store,
  user: User | undefined,
  query: URLSearchParams,
): { test: (bug: Bug) => boolean; lookup: () => Read<void> } | undefined {
  const tags = query.getAll('tag').map((name) => name.trim().toLowerCase());
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
