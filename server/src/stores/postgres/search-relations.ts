import type { Relation } from '../../bugzilla/search/search-term.js';
import type { RelationSql, SqlValues } from './search-dialect.js';

/** What the two schemas write differently of the relations both keep in Bugzilla's tables. */
export interface RelationDifferences {
  /** `AND …` restricting a bug's history rows `r` to one field (by Bugzilla's name). */
  activityField(r: string, field: string, values: SqlValues): string;
  activityFieldName(r: string): string;
  /** A flag row's type name. */
  flagTypeName(r: string): string;
  /** The hours a comment row recorded. */
  commentWorkTime(r: string): string;
  /** What orders a bug's flag rows `r` as 5.2 lists them (the type's sortkey and name, then the flag's id). */
  flagOrder(r: string): string;
  /** The searcher's id placeholder (their own tags). */
  me: () => string;
  /** `FROM … WHERE …` of the values `r` (a `value` column) a custom multiple-selection `field` holds for `b`. */
  multiSelectFrom(r: string, b: string, field: string, values: SqlValues): string;
}

/** The columns of each relation's rows (search-term.ts RelationColumns), for the joins read row by row. */
export const RELATION_COLUMNS: Readonly<Record<Relation, readonly string[]>> = {
  cc: ['who'],
  comments: ['comment_id', 'who', 'bug_when', 'thetext', 'isprivate', 'type', 'work_time'],
  activity: ['field', 'who', 'bug_when', 'removed', 'added', 'attach_private'],
  flags: ['name', 'status', 'setter_id', 'requestee_id', 'attach_private', 'on_attachment'],
  attachments: ['description', 'filename', 'mimetype', 'ispatch', 'isobsolete', 'isprivate', 'submitter_id', 'thedata'],
  keywords: ['name'],
  blocked: ['id'],
  dependson: ['id'],
  groups: ['name'],
  tags: ['name', 'own_tag'],
  aliases: ['alias'],
  see_also: ['value'],
  comment_tags: ['tag', 'isprivate'],
  multi_select: ['value'],
};

const plain = (table: string, key = 'bug_id') => ({
  from: (r: string, b: string) => `FROM ${table} ${r} WHERE ${r}.${key} = ${b}.bug_id`,
  column: (r: string, name: string) => `${r}.${name}`,
});

const attachmentPrivate = (attachId: string) =>
  `COALESCE((SELECT pa.isprivate FROM attachments pa WHERE pa.attach_id = ${attachId}), 0)`;

/**
 * The rows a search reads of each relation, the same tables on both schemas (Bugzilla's), as
 * `FROM … WHERE` over the row alias and the bug; the columns by the names search-term.ts gives them.
 */
export function relationSql(differences: RelationDifferences): Readonly<Record<Relation, RelationSql>> {
  return {
    cc: plain('cc'),
    aliases: plain('bugs_aliases'),
    see_also: plain('bug_see_also'),
    comments: {
      from: (r, b) => `FROM longdescs ${r} WHERE ${r}.bug_id = ${b}.bug_id`,
      column: (r, name) => (name === 'work_time' ? differences.commentWorkTime(r) : `${r}.${name}`),
    },
    activity: activityRelation(differences),
    flags: flagsRelation(differences),
    attachments: {
      from: (r, b) => `FROM attachments ${r} WHERE ${r}.bug_id = ${b}.bug_id`,
      // attach_data.thedata::text: a bytea's hex text (`\x…`), which is what 5.2's ILIKE reads.
      column: (r, name) =>
        name === 'thedata' ? `(SELECT d.thedata::text FROM attach_data d WHERE d.id = ${r}.attach_id)` : `${r}.${name}`,
    },
    keywords: {
      from: (r, b) =>
        `FROM keywords ${r}_k JOIN keyworddefs ${r} ON ${r}.id = ${r}_k.keywordid WHERE ${r}_k.bug_id = ${b}.bug_id`,
      column: (r, name) => `${r}.${name}`,
    },
    blocked: {
      from: (r, b) => `FROM dependencies ${r} WHERE ${r}.dependson = ${b}.bug_id`,
      column: (r) => `${r}.blocked`,
    },
    dependson: {
      from: (r, b) => `FROM dependencies ${r} WHERE ${r}.blocked = ${b}.bug_id`,
      column: (r) => `${r}.dependson`,
    },
    groups: {
      from: (r, b) =>
        `FROM bug_group_map ${r}_m JOIN groups ${r} ON ${r}.id = ${r}_m.group_id WHERE ${r}_m.bug_id = ${b}.bug_id`,
      column: (r, name) => `${r}.${name}`,
    },
    tags: {
      from: (r, b) => `FROM bug_tag ${r}_m JOIN tag ${r} ON ${r}.id = ${r}_m.tag_id WHERE ${r}_m.bug_id = ${b}.bug_id`,
      column: (r, name) =>
        name === 'own_tag' ? `CASE WHEN ${r}.user_id = ${differences.me()} THEN ${r}.id END` : `${r}.name`,
    },
    comment_tags: {
      from: (r, b) =>
        `FROM longdescs_tags ${r} JOIN longdescs ${r}_l ON ${r}_l.comment_id = ${r}.comment_id WHERE ${r}_l.bug_id = ${b}.bug_id`,
      column: (r, name) => (name === 'isprivate' ? `${r}_l.isprivate` : `${r}.tag`),
    },
    multi_select: {
      from: (r, b, field, values) =>
        field === undefined
          ? `FROM (SELECT NULL::text AS value) ${r} WHERE FALSE`
          : differences.multiSelectFrom(r, b, field, values),
      column: (r) => `${r}.value`,
    },
  };
}

/** A bug's changes, the field named as each schema names it. */
function activityRelation(differences: RelationDifferences): RelationSql {
  return {
    from: (r, b, field, values) =>
      `FROM bugs_activity ${r} WHERE ${r}.bug_id = ${b}.bug_id${field === undefined ? '' : differences.activityField(r, field, values)}`,
    column: (r, name) => {
      if (name === 'field') return differences.activityFieldName(r);
      if (name === 'attach_private') return attachmentPrivate(`${r}.attach_id`);
      return `${r}.${name}`;
    },
  };
}

/** A bug's flags and its attachments' flags, by name and status as search-term.ts reads them. */
function flagsRelation(differences: RelationDifferences): RelationSql {
  return {
    from: (r, b) => `FROM flags ${r} WHERE ${r}.bug_id = ${b}.bug_id`,
    column: (r, name) => {
      if (name === 'name') return `(${differences.flagTypeName(r)} || ${r}.status)`;
      if (name === 'attach_private') return attachmentPrivate(`${r}.attach_id`);
      if (name === 'on_attachment') return `CASE WHEN ${r}.attach_id IS NULL THEN 0 ELSE 1 END`;
      return `${r}.${name}`;
    },
  };
}
