import { formatBugzillaTime } from '@bz-companion/shared';
import { sortTags } from '../../bugzilla/comment/comment-tags.js';
import { apiFieldName } from '../../bugzilla/field/bug-fields.js';
import { renderedCommentText } from '../../bugzilla/field/bugzilla-tables.js';
import type {
  SnapshotAuditEvent,
  SnapshotChangeSet,
  SnapshotComment,
  SnapshotUserVisits,
} from '../../bugzilla/store/snapshot.js';
import { flag, groupBy, type IdRange, nullableNum, num, text } from './rows.js';
import type { BugzillaSource } from './source.js';

/** Comment types kept as a type with what it refers to (an attachment's creation, a comment on one). */
const TYPES_KEPT = new Set([5, 6]);

/**
 * longdescs, every comment with its id and tags; duplicate notices rendered as 5.2 answers them,
 * attachment comments kept with their type, as the store renders them.
 */
export async function readBugzillaComments(source: BugzillaSource, range: IdRange): Promise<SnapshotComment[]> {
  const within = `comment_id BETWEEN ${range.from} AND ${range.to}`;
  const [rows, tags] = await Promise.all([
    source.select(
      `SELECT comment_id, bug_id, who, ${source.epoch('bug_when')} AS at, thetext, isprivate, type, extra_data
       FROM longdescs WHERE ${within} ORDER BY comment_id`,
    ),
    source.select(`SELECT comment_id, tag FROM longdescs_tags WHERE ${within} ORDER BY comment_id, tag`),
  ]);
  const tagsOf = groupBy(tags, 'comment_id', (row) => text(row.tag));
  return rows.map((row) => {
    const id = num(row.comment_id);
    const type = num(row.type);
    const extraData = row.extra_data === null ? null : text(row.extra_data);
    const comment: SnapshotComment = {
      id,
      bug_id: num(row.bug_id),
      author_id: num(row.who),
      time: num(row.at),
      text: renderedCommentText(type, text(row.thetext), extraData),
      is_private: flag(row.isprivate),
    };
    if (TYPES_KEPT.has(type)) {
      comment.type = type;
      if (extraData !== null) comment.extra_data = extraData;
    }
    const commentTags = tagsOf.get(id);
    if (commentTags) comment.tags = sortTags(commentTags);
    return comment;
  });
}

/**
 * bugs_activity as Bug.history groups it: a change set is what one user changed at one moment, in
 * the order Bugzilla wrote the rows; fields by their API names. By bug id, each bug's sets in order;
 * `where` says which bugs' (a range of a.bug_id).
 */
export async function readBugzillaHistory(
  source: BugzillaSource,
  where: string,
): Promise<Map<number, SnapshotChangeSet[]>> {
  const rows = await source.select(
    `SELECT a.bug_id, a.who, ${source.epoch('a.bug_when')} AS at, f.name AS field, a.removed, a.added, a.comment_id
     FROM bugs_activity a JOIN fielddefs f ON f.id = a.fieldid WHERE ${where} ORDER BY a.bug_id, a.bug_when, a.who, a.id`,
  );
  const history = new Map<number, SnapshotChangeSet[]>();
  let current: SnapshotChangeSet | undefined;
  let currentBug = -1;
  for (const row of rows) {
    const bugId = num(row.bug_id);
    const who = num(row.who);
    const when = num(row.at);
    if (bugId !== currentBug || current?.who_id !== who || current.when !== when) {
      current = { who_id: who, when, changes: [] };
      const sets = history.get(bugId);
      if (sets && bugId === currentBug) sets.push(current);
      else history.set(bugId, [current]);
      currentBug = bugId;
    }
    const field = text(row.field);
    const commentId = nullableNum(row.comment_id);
    current.changes.push({
      field_name: apiFieldName(field),
      removed: text(row.removed),
      added: text(row.added),
      ...(commentId === null ? {} : { comment_id: commentId }),
    });
  }
  return history;
}

/** audit_log, in the order Bugzilla wrote it. */
export async function readBugzillaAuditLog(source: BugzillaSource): Promise<SnapshotAuditEvent[]> {
  const rows = await source.select(
    `SELECT user_id, class, object_id, field, removed, added, ${source.epoch('at_time')} AS at
     FROM audit_log ORDER BY at_time`,
  );
  return rows.map((row) => ({
    class: text(row.class),
    object_id: num(row.object_id),
    field: text(row.field),
    removed: text(row.removed),
    added: text(row.added),
    at_time: formatBugzillaTime(num(row.at) * 1000),
    user_id: nullableNum(row.user_id),
  }));
}

/** bug_user_last_visit of a range of users, each user's visits oldest first (the order the store keeps them in). */
export async function readBugzillaVisits(source: BugzillaSource, users: IdRange): Promise<SnapshotUserVisits[]> {
  const rows = await source.select(
    `SELECT user_id, bug_id, ${source.epoch('last_visit_ts')} AS at FROM bug_user_last_visit
     WHERE user_id BETWEEN ${users.from} AND ${users.to} ORDER BY user_id, last_visit_ts, id`,
  );
  const visits: SnapshotUserVisits[] = [];
  let current: SnapshotUserVisits | undefined;
  for (const row of rows) {
    const userId = num(row.user_id);
    if (current?.user_id !== userId) {
      current = { user_id: userId, bug_ids: [], last_visit_ts: [] };
      visits.push(current);
    }
    current.bug_ids.push(num(row.bug_id));
    current.last_visit_ts.push(num(row.at));
  }
  return visits;
}
