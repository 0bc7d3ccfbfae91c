import type { BugWriteEffect } from '../bugzilla/bug/effect.js';
import type { BugWriteEffectRecord, NewSnapshotComment } from '../bugzilla/store/snapshot.js';
import type { Bug } from '../bugzilla/types.js';
import { bugChangeRecord } from './bug-change-record.js';
import { snapshotAttachment, snapshotBugRecord } from './snapshot-records.js';

/**
 * A bug write's effect as the journal records it. `stored` gives the bug as the plan read it where
 * the entry may record only what changed of it (the entry applies to nothing else); else it is whole.
 */
export function bugWriteRecord(
  effect: BugWriteEffect,
  stored: (id: number) => Bug | undefined = () => undefined,
): BugWriteEffectRecord {
  const record: BugWriteEffectRecord = {
    bugs: effect.bugs.map((bug) => {
      const before = stored(bug.id);
      return before ? bugChangeRecord(before, bug) : snapshotBugRecord(bug);
    }),
    history: effect.history.map(({ bugId, set }) => ({
      bug_id: bugId,
      set: { who_id: set.who, when: set.when, changes: set.changes },
    })),
    comments: effect.comments.map(newCommentRecord),
    // A visit row that sets and forgets nobody's visit changes nothing: the line leaves it out.
    visits: effect.visits
      .filter((visit) => visit.setFor.length > 0 || visit.forget.length > 0)
      .map((visit) => ({ bug_id: visit.bugId, set_for: visit.setFor, forget: visit.forget, ts: visit.ts })),
  };
  if (effect.commentPrivacy && effect.commentPrivacy.length > 0) {
    record.comment_privacy = effect.commentPrivacy.map((change) => ({
      comment_id: change.commentId,
      is_private: change.isPrivate,
    }));
  }
  if (effect.attachments && effect.attachments.length > 0) {
    record.attachments = effect.attachments.map(({ attachment }) => snapshotAttachment(attachment));
  }
  return record;
}

/** What a new comment's record is made of: a bug write's comment, or one `Store.addComment` adds. */
export type NewCommentFields = Pick<
  BugWriteEffect['comments'][number],
  'bugId' | 'author' | 'time' | 'text' | 'isPrivate' | 'type' | 'extraData'
>;

/**
 * A new comment's record, as the journal keeps it (its id is given when the entry is applied). Written
 * out: spreads in an object literal copy one property at a time.
 */
export function newCommentRecord(comment: NewCommentFields): NewSnapshotComment {
  const record: NewSnapshotComment = {
    bug_id: comment.bugId,
    author_id: comment.author,
    time: comment.time,
    text: comment.text,
    is_private: comment.isPrivate,
  };
  if (comment.type !== undefined) record.type = comment.type;
  if (comment.extraData !== undefined) record.extra_data = comment.extraData;
  return record;
}
