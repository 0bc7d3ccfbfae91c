import {
  type Attachment,
  type AttachmentFieldValues,
  attachmentChanges,
  CMT_ATTACHMENT_CREATED,
  CMT_ATTACHMENT_UPDATED,
  columnsOf,
} from '../../bugzilla/attachment/attachment.js';
import { sameFlags } from '../../bugzilla/attachment/attachment-flags.js';
import type { SnapshotAttachment } from '../../bugzilla/store/snapshot.js';
import type { Bug, BugFlag, ChangeSet } from '../../bugzilla/types.js';
import { attachmentOfSnapshot } from '../snapshot-records.js';
import type { BugThreads } from './bug-threads.js';
import type { ModelAttachments } from './model-attachments.js';
import type { UserVisits } from './user-visits.js';

/*
 * The attachment entries of data files written before attachments became bug writes. No write makes
 * them any more, but a journal that holds them was acknowledged entry by entry: replaying them as they
 * were applied then is what keeps those writes.
 */

type NewAttachmentRecord = Omit<SnapshotAttachment, 'id' | 'modification_time'> & {
  id?: number;
  comment: { text: string; id?: number };
  flag_change?: { removed: string; added: string };
  cc_add?: Array<{ id: number; login: string }>;
};

interface AttachmentUpdateRecord {
  id: number;
  set: Partial<AttachmentFieldValues>;
  comment: string;
  flags?: {
    expect: BugFlag[];
    flags: BugFlag[];
    change: { removed: string; added: string } | null;
    cc_add: Array<{ id: number; login: string }>;
  };
}

/** What a change of a bug did to its visits (5.2's Bug::update), as those entries recorded it. */
interface BugVisitEffects {
  bug_id: number;
  author_visit: boolean;
  forget_visits: number[];
}

export type LegacyAttachmentEntry =
  | { op: 'add_attachments'; who: number; time: number; attachments: NewAttachmentRecord[]; visits: BugVisitEffects[] }
  | {
      op: 'update_attachments';
      who: number;
      time: number;
      updates: AttachmentUpdateRecord[];
      visits: BugVisitEffects[];
    };

/** What replaying such an entry changes besides the attachments. */
export interface LegacyAttachmentParts {
  bugs: ReadonlyMap<number, Bug>;
  threads: BugThreads;
  visits: Map<number, UserVisits>;
  visitsOf(userId: number): UserVisits;
  /** A bug write planned before this change must plan again (its effect holds the bug whole). */
  touched(bugId: number): void;
  nextFlagId(): number;
}

export function isLegacyAttachmentEntry(op: { op: string }): op is LegacyAttachmentEntry {
  return op.op === 'add_attachments' || op.op === 'update_attachments';
}

export function applyLegacyAttachmentEntry(
  entry: LegacyAttachmentEntry,
  attachments: ModelAttachments,
  model: LegacyAttachmentParts,
): void {
  if (entry.op === 'add_attachments') addAttachments(entry, attachments, model);
  // A stale update changed nothing then, its visits included.
  else if (!updateAttachments(entry, attachments, model)) return;
  for (const effect of entry.visits) {
    if (!model.bugs.has(effect.bug_id)) continue;
    if (effect.author_visit) model.visitsOf(entry.who).set(effect.bug_id, entry.time);
    for (const userId of effect.forget_visits) model.visits.get(userId)?.delete(effect.bug_id);
  }
}

function addAttachments(
  entry: Extract<LegacyAttachmentEntry, { op: 'add_attachments' }>,
  attachments: ModelAttachments,
  model: LegacyAttachmentParts,
): void {
  for (const added of entry.attachments) {
    const bug = model.bugs.get(added.bug_id);
    // A bug a reset removed meanwhile got nothing.
    if (!bug) continue;
    const id = added.id ?? attachments.nextId();
    const { comment, flag_change, cc_add, ...row } = added;
    const attachment = attachmentOfSnapshot({ ...row, id, modification_time: entry.time });
    attachment.flags = numberFlags(attachment.flags, model);
    attachments.put(attachment);
    if (flag_change) addFlagHistory(bug, attachment.id, flag_change, cc_add ?? [], entry, model);
    model.threads.addComment({
      id: comment.id ?? model.threads.maxCommentId + 1,
      bug_id: bug.id,
      author_id: entry.who,
      time: entry.time,
      text: comment.text,
      is_private: added.is_private,
      type: CMT_ATTACHMENT_CREATED,
      extra_data: String(id),
    });
    bug.fields.last_change_time = entry.time;
    model.touched(bug.id);
  }
}

type UpdateEntry = Extract<LegacyAttachmentEntry, { op: 'update_attachments' }>;
type AttachmentUpdate = UpdateEntry['updates'][number];

function updateAttachments(entry: UpdateEntry, attachments: ModelAttachments, model: LegacyAttachmentParts): boolean {
  // An entry whose flags had changed since it was planned changed nothing when it was applied.
  const stale = entry.updates.some((update) => {
    const attachment = attachments.byId(update.id);
    return update.flags !== undefined && attachment !== undefined && !sameFlags(attachment.flags, update.flags.expect);
  });
  if (stale) return false;
  for (const update of entry.updates) {
    const old = attachments.byId(update.id);
    const bug = old && model.bugs.get(old.bugId);
    if (!old || !bug) continue;
    const attachment: Attachment = { ...old };
    const columnsChanged = setColumns(attachment, bug, update, entry, model);
    const flagsChanged = setFlags(attachment, bug, update, entry, model);
    if (update.comment !== '') {
      model.threads.addComment({
        id: model.threads.maxCommentId + 1,
        bug_id: bug.id,
        author_id: entry.who,
        time: entry.time,
        text: update.comment,
        is_private: attachment.isPrivate,
        type: CMT_ATTACHMENT_UPDATED,
        extra_data: String(attachment.id),
      });
      bug.fields.last_change_time = entry.time;
    }
    attachments.put(attachment);
    if (columnsChanged || flagsChanged || update.comment !== '') model.touched(bug.id);
  }
  return true;
}

/** The update's new column values on the attachment, with their history rows; whether any changed. */
function setColumns(
  attachment: Attachment,
  bug: Bug,
  update: AttachmentUpdate,
  entry: UpdateEntry,
  model: LegacyAttachmentParts,
): boolean {
  const changes = attachmentChanges(columnsOf(attachment), update.set);
  if (changes.length === 0) return false;
  const { set } = update;
  if (set.description !== undefined) attachment.description = set.description;
  if (set.filename !== undefined) attachment.fileName = set.filename;
  if (set.mimetype !== undefined) attachment.contentType = set.mimetype;
  if (set.ispatch !== undefined) attachment.isPatch = set.ispatch;
  if (set.isobsolete !== undefined) attachment.isObsolete = set.isobsolete;
  if (set.isprivate !== undefined) attachment.isPrivate = set.isprivate;
  attachment.modificationTime = entry.time;
  bug.fields.last_change_time = entry.time;
  model.threads.addChanges(
    bug.id,
    entry.who,
    entry.time,
    changes.map((change) => ({
      field_name: `attachments.${change.column}`,
      removed: change.removed,
      added: change.added,
      attachment_id: attachment.id,
    })),
  );
  return true;
}

/** The update's flags on the attachment, with their history; whether a flag changed. */
function setFlags(
  attachment: Attachment,
  bug: Bug,
  update: AttachmentUpdate,
  entry: UpdateEntry,
  model: LegacyAttachmentParts,
): boolean {
  if (!update.flags) return false;
  attachment.flags = numberFlags(update.flags.flags, model);
  const { change } = update.flags;
  if (!change) return false;
  attachment.modificationTime = entry.time;
  bug.fields.last_change_time = entry.time;
  addFlagHistory(bug, attachment.id, change, update.flags.cc_add, entry, model);
  return true;
}

/** The flags with new ones (id 0) numbered from the one flag sequence, in order. */
function numberFlags(flags: readonly BugFlag[], model: LegacyAttachmentParts): BugFlag[] {
  return flags.map((flag) => (flag.id === 0 ? { ...flag, id: model.nextFlagId() } : flag));
}

/** The attachment's `flagtypes.name` row and the requestees added to the bug's CC, as those entries wrote them. */
function addFlagHistory(
  bug: Bug,
  attachmentId: number,
  change: { removed: string; added: string },
  ccAdd: ReadonlyArray<{ id: number; login: string }>,
  entry: { who: number; time: number },
  model: LegacyAttachmentParts,
): void {
  const rows: ChangeSet['changes'] = [{ field_name: 'flagtypes.name', ...change, attachment_id: attachmentId }];
  const added = ccAdd.filter((user) => !bug.cc.includes(user.id));
  if (added.length > 0) {
    bug.cc = [...bug.cc, ...added.map((user) => user.id)];
    rows.push({ field_name: 'cc', removed: '', added: added.map((user) => user.login).join(', ') });
  }
  model.threads.addChanges(bug.id, entry.who, entry.time, rows);
}
