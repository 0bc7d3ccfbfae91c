import type { Attachment } from '../attachment/attachment.js';
import type { Bug, Comment } from '../types.js';

/**
 * BMO's Bugzilla::Bug::counts: how many attachments and comments (private ones only for
 * insiders), CC, keywords, duplicates, dependencies and regressions a bug has. Faithfully to its
 * SQL, `blocks` counts the rows where the bug is the blocked one (its `depends_on`), and
 * `depends_on` those where it is depended on (its `blocks`); `regressed_by` and `regressions` so too.
 */
export function bugCounts(
  bug: Bug,
  visible: { insider: boolean },
  comments: readonly Comment[],
  attachments: readonly Attachment[],
  duplicates: number,
): Record<string, number> {
  const f = bug.fields;
  const seen = (item: { isPrivate: boolean }) => visible.insider || !item.isPrivate;
  return {
    attachments: attachments.filter(seen).length,
    cc: bug.cc.length,
    comments: comments.filter(seen).length,
    keywords: f.keywords.length,
    blocks: f.depends_on.length,
    depends_on: f.blocks.length,
    regressed_by: f.regresses?.length ?? 0,
    regressions: f.regressed_by?.length ?? 0,
    duplicates,
  };
}
