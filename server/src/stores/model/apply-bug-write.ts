import { type FlagTarget, flagActivityOfWrite } from '../../bugzilla/flag/bmo-flag-activity.js';
import { activityRows } from '../../bugzilla/history/activity-rows.js';
import type {
  JournalOp,
  NewSnapshotComment,
  SnapshotAttachment,
  SnapshotBug,
  SnapshotBugChange,
  SnapshotComment,
} from '../../bugzilla/store/snapshot.js';
import { snapshotAliases } from '../../bugzilla/store/snapshot.js';
import type { Bug, User } from '../../bugzilla/types.js';
import { attachmentOfSnapshot } from '../snapshot-records.js';
import type { BugThreads } from './bug-threads.js';
import type { ModelAttachments } from './model-attachments.js';
import type { ModelFlagActivity } from './model-flag-activity.js';
import type { UserVisits } from './user-visits.js';

/** The parts of the model a bug write changes (the Model itself; named here so this file needs nothing of model.ts). */
export interface BugWriteModel {
  readonly generation: number;
  readonly bugVersions: Map<number, number>;
  readonly bugs: Map<number, Bug>;
  readonly bugsByAlias: Map<string, Bug>;
  maxFlagId: number;
  readonly threads: BugThreads;
  readonly attachments: ModelAttachments;
  readonly visits: Map<number, UserVisits>;
  readonly usersByLogin: ReadonlyMap<string, User>;
  readonly flagActivity: ModelFlagActivity;
  visitsOf(userId: number): UserVisits;
}

type BugWriteOp = Extract<JournalOp, { op: 'bug_write' }>;

/** Whether the bugs the write read, and the aliases it gives, are as its plan found them. */
function stillCurrent(model: BugWriteModel, op: BugWriteOp): boolean {
  if (op.expect.generation !== model.generation) return false;
  for (const [bugId, version] of op.expect.bugs) if ((model.bugVersions.get(bugId) ?? 0) !== version) return false;
  for (const bug of op.effect.bugs) {
    // A change that leaves the aliases as they are has none to check.
    if (bug.alias === undefined) continue;
    for (const alias of snapshotAliases(bug.alias)) {
      const owner = model.bugsByAlias.get(alias.toLowerCase());
      if (owner && owner.id !== bug.id) return false;
    }
  }
  return true;
}

/**
 * A copy the model owns of a record's fields: its lists and the flags in them copied too (a flag is
 * flat, as any object a field holds). What structuredClone made, at a twentieth of its cost on every bug write.
 */
function ownFields(fields: Bug['fields']): Bug['fields'] {
  const copy: Record<string, unknown> = { ...fields };
  for (const key in copy) {
    const value = copy[key];
    if (Array.isArray(value)) {
      copy[key] = value.map((item) => (typeof item === 'object' && item !== null ? { ...item } : item));
    } else if (typeof value === 'object' && value !== null) {
      copy[key] = { ...value };
    }
  }
  return copy as unknown as Bug['fields'];
}

function bugOfRecord(
  record: SnapshotBug | SnapshotBugChange,
  stored: Bug | undefined,
  model: BugWriteModel,
): Bug | undefined {
  if ('change' in record) {
    return stored && changedBug(stored, record, numberNewFlags(model, ownFields(changedFields(stored, record))));
  }
  const fields = numberNewFlags(model, ownFields(record.fields as Bug['fields']));
  return {
    id: record.id,
    aliases: snapshotAliases(record.alias),
    reporter: record.reporter_id,
    assignedTo: record.assigned_to_id,
    qaContact: record.qa_contact_id,
    cc: [...record.cc_ids],
    groups: [...record.groups].sort(),
    reporterAccessible: record.reporter_accessible,
    cclistAccessible: record.cclist_accessible,
    fields,
  };
}

/** New flags (id 0) get the next ids of the one flag sequence, in the order the effect lists them. */
function numberNewFlags(model: BugWriteModel, fields: Bug['fields']): Bug['fields'] {
  for (const flag of fields.flags) if (flag.id === 0) flag.id = ++model.maxFlagId;
  return fields;
}

/** The stored bug's fields with a change's new values (the copy is made by ownFields). */
function changedFields(stored: Bug, change: SnapshotBugChange): Bug['fields'] {
  if (change.fields === undefined && change.unset_fields === undefined) return stored.fields;
  const fields: Record<string, unknown> = { ...stored.fields };
  for (const key in change.fields) fields[key] = change.fields[key as keyof Bug['fields']];
  for (const key of change.unset_fields ?? []) delete fields[key];
  return fields as unknown as Bug['fields'];
}

/** The stored bug with a change's members; its lists copied, so the model owns them. */
function changedBug(stored: Bug, change: SnapshotBugChange, fields: Bug['fields']): Bug {
  return {
    id: stored.id,
    aliases: change.alias === undefined ? stored.aliases : snapshotAliases(change.alias),
    reporter: change.reporter_id === undefined ? stored.reporter : change.reporter_id,
    assignedTo: change.assigned_to_id === undefined ? stored.assignedTo : change.assigned_to_id,
    qaContact: change.qa_contact_id === undefined ? stored.qaContact : change.qa_contact_id,
    cc: change.cc_ids === undefined ? stored.cc : [...change.cc_ids],
    groups: change.groups === undefined ? stored.groups : [...change.groups].sort(),
    reporterAccessible: change.reporter_accessible ?? stored.reporterAccessible,
    cclistAccessible: change.cclist_accessible ?? stored.cclistAccessible,
    fields,
  };
}

/** An attachment as the effect has it, its new flags (id 0) numbered after the bugs' from the one flag sequence. */
function attachmentOfRecord(record: SnapshotAttachment, model: BugWriteModel) {
  const attachment = attachmentOfSnapshot(record);
  attachment.flags = record.flags.map((flag) => (flag.id === 0 ? { ...flag, id: ++model.maxFlagId } : flag));
  return attachment;
}

/**
 * Applies a bug write's effect if what it was planned against is unchanged; returns whether it did.
 * The bugs' entries are replaced (not changed in place), so a reader holding the old one keeps a
 * consistent bug.
 */
export function applyBugWrite(model: BugWriteModel, op: BugWriteOp): boolean {
  if (!stillCurrent(model, op)) return false;
  const { effect } = op;
  // BMO's flag_activity rows (every profile's store keeps them; the bmo profile answers them).
  const flagTargets: FlagTarget[] = [];
  for (const record of effect.bugs) {
    const old = model.bugs.get(record.id);
    const bug = bugOfRecord(record, old, model);
    // A change of a bug that is gone (possible only if the entry was written against another state) changes nothing.
    if (!bug) continue;
    flagTargets.push({
      bugId: bug.id,
      attachmentId: null,
      before: old?.fields.flags ?? [],
      after: bug.fields.flags,
      at: bug.fields.last_change_time,
    });
    if (old) for (const alias of old.aliases) model.bugsByAlias.delete(alias.toLowerCase());
    model.bugs.set(bug.id, bug);
    for (const alias of bug.aliases) model.bugsByAlias.set(alias.toLowerCase(), bug);
    model.bugVersions.set(bug.id, (model.bugVersions.get(bug.id) ?? 0) + 1);
  }
  for (const record of effect.attachments ?? []) {
    const attachment = attachmentOfRecord(record, model);
    const before = model.attachments.byId(attachment.id)?.flags ?? [];
    flagTargets.push({
      bugId: attachment.bugId,
      attachmentId: attachment.id,
      before,
      after: attachment.flags,
      at: attachment.modificationTime,
    });
    model.attachments.put(attachment);
    // A write that read the bug's attachments plans again.
    model.bugVersions.set(record.bug_id, (model.bugVersions.get(record.bug_id) ?? 0) + 1);
  }
  const sets = () => effect.history.map(({ bug_id, set }) => ({ bugId: bug_id, who: set.who_id, when: set.when }));
  const userId = (login: string) => model.usersByLogin.get(login.toLowerCase())?.id;
  model.flagActivity.record(flagActivityOfWrite(flagTargets, sets, userId));
  for (const { bug_id, set } of effect.history) {
    model.threads.addChangeSet(bug_id, { who: set.who_id, when: set.when, changes: activityRows(set.changes) });
  }
  for (const comment of effect.comments)
    model.threads.addComment(numberedComment(comment, model.threads.maxCommentId + 1));
  for (const change of effect.comment_privacy ?? []) model.threads.setPrivacy(change.comment_id, change.is_private);
  for (const visit of effect.visits) {
    for (const userId of visit.set_for) model.visitsOf(userId).set(visit.bug_id, visit.ts);
    for (const userId of visit.forget) model.visits.get(userId)?.delete(visit.bug_id);
  }
  return true;
}

/** A new comment's row with its id (written out: a spread and a property in one literal copy one by one). */
export function numberedComment(comment: NewSnapshotComment, id: number): SnapshotComment {
  const row: SnapshotComment = {
    id,
    bug_id: comment.bug_id,
    author_id: comment.author_id,
    time: comment.time,
    text: comment.text,
    is_private: comment.is_private,
  };
  if (comment.type !== undefined) row.type = comment.type;
  if (comment.extra_data !== undefined) row.extra_data = comment.extra_data;
  if (comment.tags !== undefined) row.tags = comment.tags;
  return row;
}
