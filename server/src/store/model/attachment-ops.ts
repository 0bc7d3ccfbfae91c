import type { JournalOp } from '../snapshot.js';
import type { AttachmentUpdateResult, AttachmentUpdates, BugVisitChange, NewAttachments } from '../store.js';

type AddOp = Extract<JournalOp, { op: 'add_attachments' }>;
type UpdateOp = Extract<JournalOp, { op: 'update_attachments' }>;

function visitEntries(visits: readonly BugVisitChange[]): AddOp['visits'] {
  return visits.map((visit) => ({
    bug_id: visit.bugId,
    author_visit: visit.authorVisit,
    forget_visits: [...visit.forgetVisitsOf],
  }));
}

/** The journal entry of new attachments whose bytes are stored under `hashes`. */
export function addAttachmentsOp(input: NewAttachments, hashes: readonly string[]): AddOp {
  return {
    op: 'add_attachments',
    who: input.who,
    time: input.time,
    attachments: input.attachments.map((attachment, i) => ({
      bug_id: attachment.bugId,
      file_name: attachment.fileName,
      description: attachment.description,
      content_type: attachment.contentType,
      size: attachment.bytes.length,
      creator_id: input.who,
      creation_time: input.time,
      is_patch: attachment.isPatch,
      is_obsolete: false,
      is_private: attachment.isPrivate,
      flags: [],
      data_sha256: hashes[i] as string,
      comment: { text: attachment.comment },
    })),
    visits: visitEntries(input.visits),
  };
}

export function updateAttachmentsOp(input: AttachmentUpdates): UpdateOp {
  return {
    op: 'update_attachments',
    who: input.who,
    time: input.time,
    updates: input.updates.map((update) => ({ id: update.id, set: { ...update.set }, comment: update.comment })),
    visits: visitEntries(input.visits),
  };
}

/** What the applied entry changed, for the answer. */
export function updateResults(op: UpdateOp): AttachmentUpdateResult[] {
  return op.updates.map((update) => {
    if (!update.applied) throw new Error(`attachment ${update.id} was removed while it was being changed`);
    return {
      id: update.id,
      modificationTime: update.applied.modification_time,
      changes: update.applied.changes.map((change) => ({
        field: change.column,
        removed: change.removed,
        added: change.added,
      })),
    };
  });
}
