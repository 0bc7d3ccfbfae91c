import { apiFieldName } from '../../bugzilla/field/bug-fields.js';
import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import { customValue } from '../../bugzilla/field/custom-values.js';
import type { SearchRow, SearchRowSource, SqlValue } from '../../bugzilla/search/evaluate-where.js';
import { timestampText } from '../../bugzilla/search/search-dates.js';
import type { BugColumn, Relation } from '../../bugzilla/search/search-term.js';
import type { Bug, User } from '../../bugzilla/types.js';
import type { Model } from './model.js';

const DAY = 86400;

/** Bugzilla's field name as this model's history keeps it (the API's name). */
const historyName = (field: string) => apiFieldName(field);

/**
 * The model as a search's rows (evaluate-where.ts): the bug's columns as Bugzilla's `bugs` table and
 * the columns Search.pm computes hold them, the rows of the tables it joins, for one searcher at one
 * time. Rows are made when a term asks for them, of the candidates only.
 */
export class ModelSearchSource implements SearchRowSource {
  readonly #model: Model;
  readonly #viewer: User | undefined;
  readonly #now: number;
  readonly #touched = new Map<string, boolean>();

  constructor(model: Model, viewer: User | undefined, now: number) {
    this.#model = model;
    this.#viewer = viewer;
    this.#now = now;
  }

  user(id: number): User | undefined {
    return this.#model.users.get(id);
  }

  column(bug: Bug, column: BugColumn): SqlValue {
    const { fields } = bug;
    switch (column) {
      case 'bug_id':
        return bug.id;
      case 'short_desc':
        return fields.summary;
      case 'bug_file_loc':
        return fields.url;
      case 'status_whiteboard':
        return fields.whiteboard;
      case 'version':
      case 'op_sys':
      case 'resolution':
      case 'priority':
      case 'target_milestone':
      case 'product':
      case 'component':
      case 'classification':
        return fields[column];
      case 'rep_platform':
        return fields.platform;
      case 'bug_status':
        return fields.status;
      case 'bug_severity':
        return fields.severity;
      case 'everconfirmed':
        return fields.is_confirmed ? 1 : 0;
      case 'reporter_accessible':
        return bug.reporterAccessible ? 1 : 0;
      case 'cclist_accessible':
        return bug.cclistAccessible ? 1 : 0;
      case 'estimated_time':
        return fields.estimated_time ?? 0;
      case 'remaining_time':
        return fields.remaining_time ?? 0;
      case 'creation_ts':
        return timestampText(fields.creation_time);
      case 'delta_ts':
        return timestampText(fields.last_change_time);
      case 'deadline':
        return fields.deadline ? `${fields.deadline} 00:00:00` : null;
      case 'assigned_to':
        return bug.assignedTo;
      case 'reporter':
        return bug.reporter;
      case 'qa_contact':
        return bug.qaContact;
      case 'bug_type':
        return fields.bug_type ?? null;
      default:
        return this.#computed(bug, column);
    }
  }

  /** The columns Search.pm computes (COLUMNS, and the joins it makes for them). */
  #computed(bug: Bug, column: BugColumn): SqlValue {
    const { fields } = bug;
    switch (column) {
      case 'days_elapsed':
        return Math.floor(this.#now / DAY) - Math.floor(fields.last_change_time / DAY);
      case 'actual_time':
        return fields.actual_time ?? 0;
      case 'percentage_complete': {
        const worked = fields.actual_time ?? 0;
        const total = worked + (fields.remaining_time ?? 0);
        return total === 0 ? 0 : Math.floor((100 * worked) / total);
      }
      case 'comment_count':
      case 'public_comment_count': {
        const comments = this.#model.threads.commentsOf(bug.id);
        const count =
          column === 'comment_count' ? comments.length : comments.filter((comment) => !comment.isPrivate).length;
        return count === 0 ? null : count;
      }
      case 'last_visit_ts': {
        const ts = this.#viewer && this.#model.lastVisit(this.#viewer.id, bug.id);
        return ts === undefined || ts === null ? null : timestampText(ts);
      }
      case 'comments_text':
      case 'public_comments_text': {
        const all = column === 'comments_text';
        return this.#model.threads
          .commentsOf(bug.id)
          .filter((comment) => all || !comment.isPrivate)
          .map((comment) => comment.text)
          .join('\n');
      }
      default:
        return null;
    }
  }

  /**
   * bugs.cf_x as 5.2's column holds it (Field.pm SQL_DEFINITIONS); a multiple-selection has none
   * (bug_cf_x); `unsetIsNull`: NULL where the bug holds no value.
   */
  custom(bug: Bug, name: string, unsetIsNull = false): SqlValue {
    const field = this.#model.catalogue.customField(name);
    if (field === undefined || (unsetIsNull && bug.fields.custom?.[name] === undefined)) return null;
    const value = customValue(bug.fields, field);
    if (field.type === FIELD_TYPE.datetime) return typeof value === 'number' ? timestampText(value) : null;
    return typeof value === 'string' || typeof value === 'number' ? value : null;
  }

  rows(bug: Bug, relation: Relation, field: string | undefined): readonly SearchRow[] {
    const model = this.#model;
    switch (relation) {
      case 'cc':
        return bug.cc.map((who) => ({ who }));
      case 'comments': {
        const worked = this.#workTimes(bug.id);
        return model.threads.commentsOf(bug.id).map((comment) => ({
          comment_id: comment.id,
          who: comment.author,
          bug_when: timestampText(comment.time),
          thetext: comment.text,
          isprivate: comment.isPrivate ? 1 : 0,
          type: comment.type ?? 0,
          work_time: worked.get(`${comment.author} ${comment.time}`) ?? 0,
        }));
      }
      case 'activity':
        return this.#activity(bug, field);
      case 'flags':
        return this.#flags(bug);
      case 'attachments':
        return model.attachments.ofBug(bug.id).map((attachment) => ({
          description: attachment.description,
          filename: attachment.fileName,
          mimetype: attachment.contentType,
          ispatch: attachment.isPatch ? 1 : 0,
          isobsolete: attachment.isObsolete ? 1 : 0,
          isprivate: attachment.isPrivate ? 1 : 0,
          submitter_id: attachment.creator,
          thedata: this.#dataText(attachment.dataSha256),
        }));
      case 'keywords':
        return bug.fields.keywords.map((name) => ({ name }));
      case 'blocked':
        return bug.fields.blocks.map((id) => ({ id }));
      case 'dependson':
        return bug.fields.depends_on.map((id) => ({ id }));
      case 'groups':
        return bug.groups.map((name) => ({ name }));
      case 'tags':
        return this.#tags(bug);
      case 'aliases':
        return bug.aliases.map((alias) => ({ alias }));
      case 'see_also':
        return bug.fields.see_also.map((value) => ({ value }));
      case 'comment_tags':
        return model.threads
          .commentsOf(bug.id)
          .flatMap((comment) => (comment.tags ?? []).map((tag) => ({ tag, isprivate: comment.isPrivate ? 1 : 0 })));
      case 'multi_select': {
        const values = bug.fields.custom?.[field ?? ''];
        return Array.isArray(values) ? values.map((value) => ({ value })) : [];
      }
    }
  }

  /**
   * The hours each comment recorded (longdescs.work_time), by author and time: the model keeps them in the
   * history only, where 5.2 writes a work_time change with every comment that records hours.
   */
  #workTimes(bugId: number): Map<string, number> {
    const worked = new Map<string, number>();
    for (const set of this.#model.threads.historyOf(bugId)) {
      for (const change of set.changes) {
        if (change.field_name === 'work_time') worked.set(`${set.who} ${set.when}`, Number(change.added) || 0);
      }
    }
    return worked;
  }

  /**
   * attach_data.thedata as 5.2's ILIKE reads it: a bytea's text, `\x` and its hex digits. Only bytes the
   * model holds (a fixture's) are read; those a data file keeps apart are not, so none matches.
   */
  #dataText(sha256: string): string | null {
    const bytes = this.#model.attachments.inlineData.get(sha256);
    return bytes === undefined ? null : `\\x${bytes.toString('hex')}`;
  }

  #activity(bug: Bug, field: string | undefined): SearchRow[] {
    const name = field === undefined ? undefined : historyName(field);
    const rows: SearchRow[] = [];
    for (const set of this.#model.threads.historyOf(bug.id)) {
      for (const change of set.changes) {
        if (name !== undefined && change.field_name !== name) continue;
        const attachment =
          change.attachment_id === undefined ? undefined : this.#model.attachments.byId(change.attachment_id);
        rows.push({
          field: change.field_name,
          who: set.who,
          bug_when: timestampText(set.when),
          removed: change.removed,
          added: change.added,
          attach_private: attachment?.isPrivate ? 1 : 0,
        });
      }
    }
    return rows;
  }

  #flags(bug: Bug): SearchRow[] {
    const idOf = (login: string | undefined) =>
      login === undefined ? null : (this.#model.usersByLogin.get(login.toLowerCase())?.id ?? null);
    const rows: SearchRow[] = [];
    const add = (flag: Bug['fields']['flags'][number], attachmentPrivate: number | null) =>
      rows.push({
        name: `${flag.name}${flag.status}`,
        status: flag.status,
        setter_id: idOf(flag.setter),
        requestee_id: idOf(flag.requestee),
        attach_private: attachmentPrivate ?? 0,
        on_attachment: attachmentPrivate === null ? 0 : 1,
      });
    for (const flag of bug.fields.flags) add(flag, null);
    for (const attachment of this.#model.attachments.ofBug(bug.id)) {
      for (const flag of attachment.flags) add(flag, attachment.isPrivate ? 1 : 0);
    }
    return rows;
  }

  #tags(bug: Bug): SearchRow[] {
    const viewer = this.#viewer?.id;
    const rows: SearchRow[] = [];
    for (const [userId, tags] of this.#model.personalTags.taggersOf(bug.id)) {
      for (const [i, name] of tags.entries()) rows.push({ name, own_tag: userId === viewer ? i + 1 : null });
    }
    return rows;
  }

  touched(userId: number, source: 'comments' | 'activity', since: string): boolean {
    const key = `${userId} ${source} ${since}`;
    let found = this.#touched.get(key);
    if (found === undefined) {
      found = this.#touchedSince(userId, source, since);
      this.#touched.set(key, found);
    }
    return found;
  }

  #touchedSince(userId: number, source: 'comments' | 'activity', since: string): boolean {
    for (const bugId of this.#model.bugs.keys()) {
      if (source === 'comments') {
        for (const comment of this.#model.threads.commentsOf(bugId)) {
          if (comment.author === userId && timestampText(comment.time) > since) return true;
        }
      } else {
        for (const set of this.#model.threads.historyOf(bugId)) {
          if (set.who === userId && timestampText(set.when) > since) return true;
        }
      }
    }
    return false;
  }
}
