import type { Bug } from '../../bugzilla/types.js';
import type { ObjectShapes } from '../../profiles/profile.js';

/**
 * A bug's alias as the tracker gives it: 5.1+'s list of all of them, or BMO's one string or null
 * (its `bugs.alias` is a varchar(40) column, Bugzilla/DB/Schema.pm; a bug here may have several:
 * BMO's first of them).
 */
export function aliasOf(bug: Pick<Bug, 'aliases'>, shape: ObjectShapes['bugAlias']): string[] | string | null {
  return shape === 'list' ? [...bug.aliases] : (bug.aliases[0] ?? null);
}
