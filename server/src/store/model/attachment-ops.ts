import type { AttachmentFlagsUpdate, JournalOp, NewSnapshotAttachment } from '../snapshot.js';
import type { AttachmentUpdateResult, AttachmentUpdates, BugVisitChange, NewAttachments } from '../store.js';
import type { Model } from './model.js';

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
/** A new attachment's flags as its entry records them (none: no `flags` asked). */
export type NewAttachmentFlags = Pick<NewSnapshotAttachment, 'flags' | 'flag_change' | 'cc_add'>;

export function addAttachmentsOp(
  input: NewAttachments,
  hashes: readonly string[],
  flags: ReadonlyArray<NewAttachmentFlags | undefined>,
): AddOp {
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
      ...flags[i],
    })),
    visits: visitEntries(input.visits),
  };
}

/** `flagsOf(i)`: the flags the i-th update sets, planned against the attachment as it is now (undefined: none asked). */
export function updateAttachmentsOp(
  input: AttachmentUpdates,
  flagsOf: (index: number) => AttachmentFlagsUpdate | undefined,
): UpdateOp {
  return {
    op: 'update_attachments',
    who: input.who,
    time: input.time,
    updates: input.updates.map((update, i) => {
      const flags = flagsOf(i);
      return { id: update.id, set: { ...update.set }, comment: update.comment, ...(flags && { flags }) };
    }),
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

/** The users' logins, for the `cc` history rows of requestees added to a bug's CC. */
function withLogins(ids: readonly number[], model: Model): Array<{ id: number; login: string }> {
  return ids.map((id) => ({ id, login: model.users.get(id)?.login ?? '' }));
}

/** New attachments' flags, planned against their bugs now, each with the id it will get. */
export function plannedNewFlags(input: NewAttachments, model: Model): Array<NewAttachmentFlags | undefined> {
  let id = model.attachments.nextId();
  return input.attachments.map((attachment) => {
    const attachmentId = id++;
    const bug = model.bugs.get(attachment.bugId);
    if (!attachment.flags || !bug) return undefined;
    const plan = attachment.flags({ id: attachmentId, isPrivate: attachment.isPrivate, flags: [] }, bug);
    return {
      flags: plan.flags,
      ...(plan.change && { flag_change: plan.change }),
      ...(plan.addCc.length > 0 && { cc_add: withLogins(plan.addCc, model) }),
    };
  });
}

/** Updates' flags, planned against the attachments as they are now (what applying them expects to find). */
export function plannedFlagUpdates(
  input: AttachmentUpdates,
  model: Model,
): (index: number) => AttachmentFlagsUpdate | undefined {
  return (index) => {
    const update = input.updates[index];
    const attachment = update && model.attachments.byId(update.id);
    const bug = attachment && model.bugs.get(attachment.bugId);
    if (!update?.flags || !attachment || !bug) return undefined;
    const plan = update.flags(attachment, bug);
    return {
      expect: [...attachment.flags],
      flags: plan.flags,
      change: plan.change,
      cc_add: withLogins(plan.addCc, model),
    };
  };
}
