import type { Attachment } from '../bugzilla/attachment/attachment.js';
import type { SnapshotAttachment, SnapshotBug, SnapshotComment } from '../bugzilla/store/snapshot.js';
import type { Bug, ChangeSet, Comment } from '../bugzilla/types.js';

/*
 * How the entities the routes read become the records of a snapshot: one
 * place for every store that writes snapshots (the model's data file and an
 * export of the PostgreSQL store), so the two can never drift apart.
 */

export function snapshotBug(bug: Bug, history: readonly ChangeSet[]): SnapshotBug {
  const record: SnapshotBug = snapshotBugRecord(bug);
  record.history = history.map((set) => ({ who_id: set.who, when: set.when, changes: set.changes }));
  return record;
}

/** A bug as a journal entry records it: the snapshot's record without its history. */
export function snapshotBugRecord(bug: Bug): Omit<SnapshotBug, 'history'> {
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
    ...(comment.type === undefined ? {} : { type: comment.type }),
    ...(comment.extraData === undefined ? {} : { extra_data: comment.extraData }),
    ...(comment.tags === undefined || comment.tags.length === 0 ? {} : { tags: [...comment.tags] }),
    ...(comment.reactions === undefined || comment.reactions.length === 0
      ? {}
      : { reactions: comment.reactions.map(({ userId, reaction }): [number, string] => [userId, reaction]) }),
  };
}

export function snapshotAttachment(attachment: Attachment): SnapshotAttachment {
  return {
    id: attachment.id,
    bug_id: attachment.bugId,
    file_name: attachment.fileName,
    description: attachment.description,
    content_type: attachment.contentType,
    size: attachment.size,
    creator_id: attachment.creator,
    creation_time: attachment.creationTime,
    modification_time: attachment.modificationTime,
    is_patch: attachment.isPatch,
    is_obsolete: attachment.isObsolete,
    is_private: attachment.isPrivate,
    flags: [...attachment.flags],
    data_sha256: attachment.dataSha256,
  };
}

export function attachmentOfSnapshot(row: SnapshotAttachment): Attachment {
  return {
    id: row.id,
    bugId: row.bug_id,
    fileName: row.file_name,
    description: row.description,
    contentType: row.content_type,
    size: row.size,
    creator: row.creator_id,
    creationTime: row.creation_time,
    modificationTime: row.modification_time,
    isPatch: row.is_patch,
    isObsolete: row.is_obsolete,
    isPrivate: row.is_private,
    flags: row.flags,
    dataSha256: row.data_sha256,
  };
}
