import type { AttachmentWrite, BugView, BugWrite, BugWriteEffect, NewBugComment } from '../bug/effect.js';
import { WorkingBug } from '../bug/working-bug.js';
import type { Bug, BugFlag, FieldChange } from '../types.js';
import {
  API_NAME_OF_COLUMN,
  type Attachment,
  type AttachmentFieldValues,
  attachmentChanges,
  CMT_ATTACHMENT_CREATED,
  CMT_ATTACHMENT_UPDATED,
  columnsOf,
} from './attachment.js';
import { type AttachmentFlagChange, sameFlags } from './attachment-flags.js';
import type { CheckedAttachment } from './attachment-rules.js';

/**
 * Plans an attachment's flags against it and its bug as they are when the write's turn comes
 * (attachment-flags.ts); throws 5.2's refusal, which changes nothing.
 */
export type AttachmentFlagPlanner = (
  attachment: { id: number; isPrivate: boolean; flags: readonly BugFlag[] },
  bug: Bug,
) => AttachmentFlagChange;

/** What a change does to the visits of one bug (bugzilla/visit/update-visits.ts), decided by the route. */
export interface AttachmentVisitChange {
  bugId: number;
  authorVisit: boolean;
  forgetVisitsOf: readonly number[];
}

/** Bug.add_attachment, checked: one attachment per bug named (in order), each with its comment. */
export interface AddAttachmentsCommand {
  who: number;
  /** Epoch seconds: the request's database clock. */
  when: number;
  bugIds: readonly number[];
  attachment: CheckedAttachment;
  flags: AttachmentFlagPlanner | undefined;
  visits: readonly AttachmentVisitChange[];
}

/** Bug.update_attachment, checked: per attachment the columns asked for, the comment and the flags. */
export interface UpdateAttachmentsCommand {
  who: number;
  /** Epoch seconds. */
  when: number;
  updates: ReadonlyArray<{
    id: number;
    bugId: number;
    /** Values asked for, compared with the attachment as it is when the write's turn comes. */
    set: Partial<AttachmentFieldValues>;
    comment: string;
    flags: AttachmentFlagPlanner | undefined;
  }>;
  visits: readonly AttachmentVisitChange[];
}

/** What one attachment's update changed: `changes` by the API's field names, as 5.2 answers. */
export interface AttachmentUpdateResult {
  id: number;
  /** Epoch seconds. */
  modificationTime: number;
  changes: Array<{ field: string; removed: string; added: string }>;
}

/** The bugs, history, comments and attachments one attachment write is making. */
class AttachmentWriteEffect {
  readonly #view: BugView;
  readonly #who: number;
  readonly #when: number;
  readonly #bugs = new Map<number, { working: WorkingBug; rows: FieldChange[]; touched: boolean }>();
  readonly #attachments = new Map<number, AttachmentWrite>();
  readonly comments: NewBugComment[] = [];

  constructor(view: BugView, who: number, when: number) {
    this.#view = view;
    this.#who = who;
    this.#when = when;
  }

  bug(bugId: number): { working: WorkingBug; rows: FieldChange[]; touched: boolean } {
    let entry = this.#bugs.get(bugId);
    if (!entry) {
      const bug = this.#view.bug(bugId);
      if (!bug) throw new Error(`bug ${bugId} was removed while its attachment was being saved`);
      entry = { working: new WorkingBug(bug), rows: [], touched: false };
      this.#bugs.set(bugId, entry);
    }
    return entry;
  }

  /** The bug's last_change_time moves to the write's time. */
  touch(bugId: number): void {
    const entry = this.bug(bugId);
    entry.touched = true;
    entry.working.bug.fields.last_change_time = this.#when;
  }

  attachment(write: AttachmentWrite): void {
    this.#attachments.set(write.attachment.id, write);
  }

  comment(bugId: number, type: number, attachment: Attachment, text: string): void {
    const { isPrivate, id } = attachment;
    this.comments.push({ bugId, author: this.#who, time: this.#when, text, isPrivate, type, extraData: String(id) });
    this.touch(bugId);
  }

  /**
   * An attachment's `flagtypes.name` row (naming it) and the requestees added to the bug's CC (a `cc`
   * row), as 5.2's Attachment->update and Bug->update log them.
   */
  flagHistory(bugId: number, attachmentId: number, plan: AttachmentFlagChange): void {
    if (!plan.change) return;
    const entry = this.bug(bugId);
    entry.rows.push({ field_name: 'flagtypes.name', ...plan.change, attachment_id: attachmentId });
    const bug = entry.working.bug;
    const added = plan.addCc.filter((id) => !bug.cc.includes(id));
    if (added.length > 0) {
      bug.cc = [...bug.cc, ...added];
      const logins = added.map((id) => this.#view.user(id)?.login ?? '');
      entry.rows.push({ field_name: 'cc', removed: '', added: logins.join(', ') });
    }
    this.touch(bugId);
  }

  done(visits: readonly AttachmentVisitChange[]): BugWriteEffect {
    const effect: BugWriteEffect = { bugs: [], history: [], comments: this.comments, visits: [] };
    for (const [bugId, { working, rows, touched }] of this.#bugs) {
      if (touched) effect.bugs.push(working.bug);
      if (rows.length > 0) effect.history.push({ bugId, set: { who: this.#who, when: this.#when, changes: rows } });
    }
    for (const visit of visits) {
      const setFor = visit.authorVisit ? [this.#who] : [];
      effect.visits.push({ bugId: visit.bugId, setFor, forget: [...visit.forgetVisitsOf], ts: this.#when });
    }
    effect.attachments = [...this.#attachments.values()];
    return effect;
  }
}

/** Bug.add_attachment as a bug write: each attachment with its id, its flags, its comment (type 5); answers the ids. */
export function addAttachmentsWrite(command: AddAttachmentsCommand): BugWrite<number[]> {
  return {
    bugIds: [...new Set(command.bugIds)],
    aliases: [],
    logins: [],
    when: command.when,
    newAttachments: command.bugIds.length,
    plan(view) {
      const { who, when, attachment: checked } = command;
      const effect = new AttachmentWriteEffect(view, who, when);
      const ids: number[] = [];
      for (const bugId of command.bugIds) {
        const bug = effect.bug(bugId).working.bug;
        const attachment: Attachment = {
          id: view.newAttachmentId(),
          bugId,
          fileName: checked.fileName,
          description: checked.description,
          contentType: checked.contentType,
          size: checked.bytes.length,
          creator: who,
          creationTime: when,
          modificationTime: when,
          isPatch: checked.isPatch,
          isObsolete: false,
          isPrivate: checked.isPrivate,
          flags: [],
          dataSha256: '',
        };
        if (command.flags) {
          const plan = command.flags(attachment, bug);
          attachment.flags = plan.flags;
          effect.flagHistory(bugId, attachment.id, plan);
        }
        effect.attachment({ attachment, bytes: checked.bytes });
        effect.comment(bugId, CMT_ATTACHMENT_CREATED, attachment, checked.comment);
        ids.push(attachment.id);
      }
      return { effect: effect.done(command.visits), result: ids };
    },
  };
}

/**
 * Bug.update_attachment as a bug write: each attachment compared with what was asked as it is now
 * (a history row per changed column, `attachments.<column>`), its flags, a comment (type 6) where
 * given; answers what changed per attachment.
 */
export function updateAttachmentsWrite(command: UpdateAttachmentsCommand): BugWrite<AttachmentUpdateResult[]> {
  return {
    bugIds: [...new Set(command.updates.map((update) => update.bugId))],
    aliases: [],
    logins: [],
    when: command.when,
    plan(view) {
      const { who, when } = command;
      const effect = new AttachmentWriteEffect(view, who, when);
      const current = new Map<number, Attachment>();
      const results: AttachmentUpdateResult[] = [];
      for (const update of command.updates) {
        const entry = effect.bug(update.bugId);
        const found = current.get(update.id) ?? view.attachments(update.bugId).find((a) => a.id === update.id);
        if (!found) throw new Error(`attachment ${update.id} was removed while it was being changed`);
        const attachment: Attachment = { ...found };
        const changes = attachmentChanges(columnsOf(attachment), update.set);
        if (changes.length > 0) {
          setColumns(attachment, update.set);
          attachment.modificationTime = when;
          effect.touch(update.bugId);
          for (const change of changes) {
            entry.rows.push({
              field_name: `attachments.${change.column}`,
              removed: change.removed,
              added: change.added,
              attachment_id: attachment.id,
            });
          }
        }
        const answer = changes.map((change) => ({
          field: API_NAME_OF_COLUMN[change.column] as string,
          removed: change.removed,
          added: change.added,
        }));
        if (update.flags) {
          // Flags whose summaries did not change (a request passed on to the same person) write no history.
          const plan = update.flags(attachment, entry.working.bug);
          attachment.flags = plan.flags;
          if (plan.change) {
            attachment.modificationTime = when;
            effect.flagHistory(update.bugId, attachment.id, plan);
            answer.push({ field: 'flagtypes.name', ...plan.change });
          }
        }
        if (update.comment !== '') effect.comment(update.bugId, CMT_ATTACHMENT_UPDATED, attachment, update.comment);
        if (changes.length > 0 || !sameFlags(found.flags, attachment.flags)) effect.attachment({ attachment });
        current.set(attachment.id, attachment);
        results.push({ id: attachment.id, modificationTime: attachment.modificationTime, changes: answer });
      }
      return { effect: effect.done(command.visits), result: results };
    },
  };
}

function setColumns(attachment: Attachment, set: Partial<AttachmentFieldValues>): void {
  if (set.description !== undefined) attachment.description = set.description;
  if (set.filename !== undefined) attachment.fileName = set.filename;
  if (set.mimetype !== undefined) attachment.contentType = set.mimetype;
  if (set.ispatch !== undefined) attachment.isPatch = set.ispatch;
  if (set.isobsolete !== undefined) attachment.isObsolete = set.isobsolete;
  if (set.isprivate !== undefined) attachment.isPrivate = set.isprivate;
}
