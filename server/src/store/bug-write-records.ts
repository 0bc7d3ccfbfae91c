import type { BugWriteEffect } from '../domain/bug-writes/effect.js';
import type { BugWriteEffectRecord } from './snapshot.js';
import { snapshotAttachment, snapshotBugRecord } from './snapshot-records.js';

/** A bug write's effect as the journal records it. */
export function bugWriteRecord(effect: BugWriteEffect): BugWriteEffectRecord {
  const record: BugWriteEffectRecord = {
    bugs: effect.bugs.map(snapshotBugRecord),
    history: effect.history.map(({ bugId, set }) => ({
      bug_id: bugId,
      set: { who_id: set.who, when: set.when, changes: set.changes },
    })),
    comments: effect.comments.map((comment) => ({
      bug_id: comment.bugId,
      author_id: comment.author,
      time: comment.time,
      text: comment.text,
      is_private: comment.isPrivate,
      ...(comment.type !== undefined && { type: comment.type }),
      ...(comment.extraData !== undefined && { extra_data: comment.extraData }),
    })),
    visits: effect.visits.map((visit) => ({
      bug_id: visit.bugId,
      set_for: visit.setFor,
      forget: visit.forget,
      ts: visit.ts,
    })),
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
