import {
  API_NAME_OF_COLUMN,
  type Attachment,
  attachmentChanges,
  CMT_ATTACHMENT_CREATED,
  CMT_ATTACHMENT_UPDATED,
  columnsOf,
} from '../../domain/attachments/attachment.js';
import { sameFlags } from '../../domain/attachments/attachment-flags.js';
import type { Bug, BugFlag, ChangeSet } from '../../domain/types.js';
import type { BugVisitEffects, JournalOp, SnapshotAttachment } from '../snapshot.js';
import { attachmentOfSnapshot, snapshotAttachment } from '../snapshot-records.js';
import type { BugThreads } from './bug-threads.js';
import type { UserVisits } from './user-visits.js';

/** What applying an attachment entry needs of the model. */
export interface AttachmentModelParts {
  bugs: ReadonlyMap<number, Bug>;
  threads: BugThreads;
  visits: Map<number, UserVisits>;
  visitsOf(userId: number): UserVisits;
  /** The bug changed (its last_change_time, its comments): a bug write planned before must plan again. */
  touched(bugId: number): void;
  /** The next id of the one flag sequence (bugs' and attachments' flags). */
  nextFlagId(): number;
}

/**
 * Every attachment, by id and by bug (in id order, as 5.2 lists a bug's attachments), and the
 * bytes a snapshot carried in itself. Changes arrive only through the journal entries applied here.
 */
export class ModelAttachments {
  readonly #byId = new Map<number, Attachment>();
  readonly #byBug = new Map<number, Attachment[]>();
  /** Bytes carried in the snapshot (a fixture's), by SHA-256; others are in the store's AttachmentData. */
  readonly inlineData = new Map<string, Buffer>();
  #maxId = 0;

  clear(): void {
    this.#byId.clear();
    this.#byBug.clear();
    this.inlineData.clear();
    this.#maxId = 0;
  }

  load(rows: readonly SnapshotAttachment[], data: Record<string, string> | undefined): void {
    for (const row of rows) this.#add(attachmentOfSnapshot(row));
    for (const [sha256, base64] of Object.entries(data ?? {}))
      this.inlineData.set(sha256, Buffer.from(base64, 'base64'));
  }

  /** The id the next attachment gets (its flags are planned with it before the entry is applied). */
  nextId(): number {
    return this.#maxId + 1;
  }

  flagsByBug(): Map<number, BugFlag[]> {
    const flags = new Map<number, BugFlag[]>();
    for (const [bugId, attachments] of this.#byBug) {
      const all = attachments.flatMap((attachment) => attachment.flags);
      if (all.length > 0) flags.set(bugId, all);
    }
    return flags;
  }

  byId(id: number): Attachment | undefined {
    return this.#byId.get(id);
  }

  ofBug(bugId: number): readonly Attachment[] {
    return this.#byBug.get(bugId) ?? [];
  }

  snapshotRows(): SnapshotAttachment[] {
    return [...this.#byId.values()].sort((a, b) => a.id - b.id).map(snapshotAttachment);
  }

  snapshotData(): Record<string, string> {
    const data: Record<string, string> = {};
    for (const [sha256, bytes] of this.inlineData) data[sha256] = bytes.toString('base64');
    return data;
  }

  /** Adds the entry's attachments with the next free ids (written into the entry), each with its comment. */
  applyAdd(op: Extract<JournalOp, { op: 'add_attachments' }>, model: AttachmentModelParts): void {
    for (const added of op.attachments) {
      const bug = model.bugs.get(added.bug_id) as Bug | undefined;
      // A bug a reset removed meanwhile gets nothing (and the entry no id).
      if (!bug) continue;
      added.id ??= this.#maxId + 1;
      const { comment, id, flag_change, cc_add, ...row } = added;
      const attachment = attachmentOfSnapshot({ ...row, id, modification_time: op.time });
      attachment.flags = numberFlags(attachment.flags, model);
      this.#add(attachment);
      if (flag_change) addFlagHistory(bug, attachment.id, flag_change, cc_add ?? [], op, model);
      comment.id ??= model.threads.maxCommentId + 1;
      model.threads.addComment({
        id: comment.id,
        bug_id: bug.id,
        author_id: op.who,
        time: op.time,
        text: comment.text,
        is_private: added.is_private,
        type: CMT_ATTACHMENT_CREATED,
        extra_data: String(id),
      });
      bug.fields.last_change_time = op.time;
      model.touched(bug.id);
    }
    applyVisits(op.visits, op.who, op.time, model);
  }

  /**
   * Changes each attachment as asked, against what it is now: a history row per column that
   * differs (`attachments.<column>`), the attachment's and its bug's change time moved when
   * anything did, and the comment if one was given. What changed is written into the entry.
   */
  applyUpdate(op: Extract<JournalOp, { op: 'update_attachments' }>, model: AttachmentModelParts): void {
    const stale = op.updates.some((update) => {
      const attachment = this.#byId.get(update.id);
      return (
        update.flags !== undefined && attachment !== undefined && !sameFlags(attachment.flags, update.flags.expect)
      );
    });
    if (stale) {
      for (const update of op.updates) update.stale = true;
      return;
    }
    for (const update of op.updates) {
      const attachment = this.#byId.get(update.id);
      const bug = attachment && (model.bugs.get(attachment.bugId) as Bug | undefined);
      if (!attachment || !bug) continue;
      const changes = attachmentChanges(columnsOf(attachment), update.set);
      if (changes.length > 0) {
        const { set } = update;
        if (set.description !== undefined) attachment.description = set.description;
        if (set.filename !== undefined) attachment.fileName = set.filename;
        if (set.mimetype !== undefined) attachment.contentType = set.mimetype;
        if (set.ispatch !== undefined) attachment.isPatch = set.ispatch;
        if (set.isobsolete !== undefined) attachment.isObsolete = set.isobsolete;
        if (set.isprivate !== undefined) attachment.isPrivate = set.isprivate;
        attachment.modificationTime = op.time;
        bug.fields.last_change_time = op.time;
        model.threads.addChanges(
          bug.id,
          op.who,
          op.time,
          changes.map((change) => ({
            field_name: `attachments.${change.column}`,
            removed: change.removed,
            added: change.added,
            attachment_id: attachment.id,
          })),
        );
      }
      const answer = changes.map((change) => ({ ...change, column: API_NAME_OF_COLUMN[change.column] as string }));
      if (update.flags) {
        // Flags whose summaries did not change (a request passed on to the same person) change no history.
        attachment.flags = numberFlags(update.flags.flags, model);
        const { change } = update.flags;
        if (change) {
          attachment.modificationTime = op.time;
          bug.fields.last_change_time = op.time;
          addFlagHistory(bug, attachment.id, change, update.flags.cc_add, op, model);
          answer.push({ column: 'flagtypes.name', ...change });
        }
      }
      if (update.comment !== '') {
        model.threads.addComment({
          id: model.threads.maxCommentId + 1,
          bug_id: bug.id,
          author_id: op.who,
          time: op.time,
          text: update.comment,
          is_private: attachment.isPrivate,
          type: CMT_ATTACHMENT_UPDATED,
          extra_data: String(attachment.id),
        });
        bug.fields.last_change_time = op.time;
      }
      if (answer.length > 0 || update.comment !== '') model.touched(bug.id);
      update.applied = { changes: answer, modification_time: attachment.modificationTime };
    }
    applyVisits(op.visits, op.who, op.time, model);
  }

  #add(attachment: Attachment): void {
    if (this.#byId.has(attachment.id)) throw new Error(`attachment ${attachment.id} exists twice`);
    this.#byId.set(attachment.id, attachment);
    let list = this.#byBug.get(attachment.bugId);
    if (!list) {
      list = [];
      this.#byBug.set(attachment.bugId, list);
    }
    let at = list.length;
    while (at > 0 && (list[at - 1] as Attachment).id > attachment.id) at--;
    list.splice(at, 0, attachment);
    this.#maxId = Math.max(this.#maxId, attachment.id);
  }
}

/** The flags with new ones (id 0) numbered from the one flag sequence, in order. */
function numberFlags(flags: readonly BugFlag[], model: AttachmentModelParts): BugFlag[] {
  return flags.map((flag) => (flag.id === 0 ? { ...flag, id: model.nextFlagId() } : flag));
}

/**
 * An attachment's `flagtypes.name` row (naming it) and the requestees added to the bug's CC (a
 * `cc` row each), in the bug's change set of this moment, as 5.2's Attachment->update and Bug->update log them.
 */
function addFlagHistory(
  bug: Bug,
  attachmentId: number,
  change: { removed: string; added: string },
  ccAdd: ReadonlyArray<{ id: number; login: string }>,
  op: { who: number; time: number },
  model: AttachmentModelParts,
): void {
  const rows: ChangeSet['changes'] = [{ field_name: 'flagtypes.name', ...change, attachment_id: attachmentId }];
  const added = ccAdd.filter((user) => !bug.cc.includes(user.id));
  if (added.length > 0) {
    bug.cc = [...bug.cc, ...added.map((user) => user.id)];
    rows.push({ field_name: 'cc', removed: '', added: added.map((user) => user.login).join(', ') });
  }
  model.threads.addChanges(bug.id, op.who, op.time, rows);
}

/** 5.2's Bug::update side effects on visits, per bug changed. */
function applyVisits(
  effects: readonly BugVisitEffects[],
  who: number,
  time: number,
  model: AttachmentModelParts,
): void {
  for (const effect of effects) {
    if (!model.bugs.has(effect.bug_id)) continue;
    if (effect.author_visit) model.visitsOf(who).set(effect.bug_id, time);
    for (const userId of effect.forget_visits) model.visits.get(userId)?.delete(effect.bug_id);
  }
}
