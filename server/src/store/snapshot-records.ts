import type { Bug, ChangeSet, Comment } from '../domain/types.js';
import type { SnapshotBug, SnapshotComment } from './snapshot.js';

/*
 * How the entities the routes read become the records of a snapshot: one
 * place for every store that writes snapshots (the model's data file and an
 * export of the PostgreSQL store), so the two can never drift apart.
 */

export function snapshotBug(bug: Bug, history: readonly ChangeSet[]): SnapshotBug {
  return {
    id: bug.id,
    alias: [...bug.aliases],
    reporter_id: bug.reporter,
    assigned_to_id: bug.assignedTo,
    qa_contact_id: bug.qaContact,
    cc_ids: [...bug.cc],
    groups: [...bug.groups],
    reporter_accessible: bug.reporterAccessible,
    cclist_accessible: bug.cclistAccessible,
    fields: bug.fields,
    history: history.map((set) => ({ who_id: set.who, when: set.when, changes: set.changes })),
  };
}

export function snapshotComment(comment: Comment): SnapshotComment {
  return {
    id: comment.id,
    bug_id: comment.bugId,
    author_id: comment.author,
    time: comment.time,
    text: comment.text,
    is_private: comment.isPrivate,
  };
}
