/**
 * How Bugzilla 5.2's own tables become API answers, where they differ: one place for
 * the store that serves a Bugzilla database and the fixture built from its data set.
 */

/** Bugzilla's comment types (Bugzilla::Constants CMT_DUPE_OF, CMT_HAS_DUPE) whose text is rendered, not stored. */
const CMT_DUPE_OF = 1;
const CMT_HAS_DUPE = 2;

/** The text 5.2 answers for a longdescs row: duplicate notices are stored as a type and rendered. */
export function renderedCommentText(type: number, text: string, extraData: string | null): string {
  if (type === CMT_DUPE_OF) return `${text}\n\n*** This bug has been marked as a duplicate of bug ${extraData} ***`;
  if (type === CMT_HAS_DUPE) return `*** Bug ${extraData} has been marked as a duplicate of this bug. ***`;
  return text;
}
