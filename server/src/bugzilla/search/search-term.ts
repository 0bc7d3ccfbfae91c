/*
 * A search as Search.pm's SQL says it, in terms every store can run: a WHERE over the bug, the rows of
 * tables it joins (each join an alias, as Search.pm names them per chart) and sub-selects. SQL's
 * three-valued logic holds: a test of NULL is unknown, NOT unknown is unknown, and a bug is found when
 * the WHERE is true for some combination of its joined rows (a join with no matching row gives one row
 * of NULLs), as `FROM bugs LEFT JOIN … WHERE … GROUP BY bugs.bug_id` finds it.
 */

/** A column of the bug itself, as Search.pm's `bugs.X` and the columns it computes (COLUMNS). */
export type BugColumn =
  | 'bug_id'
  | 'short_desc'
  | 'bug_file_loc'
  | 'status_whiteboard'
  | 'version'
  | 'rep_platform'
  | 'op_sys'
  | 'bug_status'
  | 'resolution'
  | 'bug_severity'
  | 'priority'
  | 'target_milestone'
  | 'everconfirmed'
  | 'reporter_accessible'
  | 'cclist_accessible'
  | 'estimated_time'
  | 'remaining_time'
  | 'creation_ts'
  | 'delta_ts'
  | 'deadline'
  | 'product'
  | 'component'
  | 'classification'
  | 'assigned_to'
  | 'reporter'
  | 'qa_contact'
  /** BMO's bug type (bugs.bug_type); NULL where a store keeps none (the tracker's default_bug_type then). */
  | 'bug_type'
  /** TO_DAYS(NOW()) - TO_DAYS(delta_ts). */
  | 'days_elapsed'
  /** SUM(longdescs.work_time). */
  | 'actual_time'
  | 'percentage_complete'
  /** COUNT(*) of the comments the searcher may see (NULL when none). */
  | 'comment_count'
  | 'public_comment_count'
  /** The searcher's bug_user_last_visit.last_visit_ts (NULL when none). */
  | 'last_visit_ts'
  /** bugs_fulltext.comments (every comment's text, joined by newlines) and comments_noprivate. */
  | 'comments_text'
  | 'public_comments_text';

/** The tables Search.pm joins or sub-selects from, each with the columns its rows offer. */
export interface RelationColumns {
  cc: 'who';
  comments: 'comment_id' | 'who' | 'bug_when' | 'thetext' | 'isprivate' | 'type' | 'work_time';
  /** bugs_activity: `field` is fielddefs.name; `attach_private` the changed attachment's isprivate (0 for none). */
  activity: 'field' | 'who' | 'bug_when' | 'removed' | 'added' | 'attach_private';
  /** Every flag of the bug and its attachments; `name` is the type's name and the status (`review+`). */
  flags: 'name' | 'status' | 'setter_id' | 'requestee_id' | 'attach_private' | 'on_attachment';
  attachments:
    | 'description'
    | 'filename'
    | 'mimetype'
    | 'ispatch'
    | 'isobsolete'
    | 'isprivate'
    | 'submitter_id'
    | 'thedata';
  keywords: 'name';
  /** dependencies: the bugs this one blocks (`blocked`), or depends on (`dependson`). */
  blocked: 'id';
  dependson: 'id';
  /** bug_group_map: the groups the bug is in. */
  groups: 'name';
  /** bug_tag (every user's): the tag's name, and its id when it is the searcher's own tag (else NULL). */
  tags: 'name' | 'own_tag';
  aliases: 'alias';
  see_also: 'value';
  /** longdescs_tags: a comment's tags, with the comment's isprivate. */
  comment_tags: 'tag' | 'isprivate';
  /** A custom multiple-selection field's values (bug_cf_x). */
  multi_select: 'value';
}

export type Relation = keyof RelationColumns;

/** A user a test reads through an id column: a bug's role, or a row's. */
export type UserRef = { kind: 'bug'; column: 'assigned_to' | 'reporter' | 'qa_contact' } | RowOperand;

/** A column of a joined row: of the enclosing `exists`, or of a join named by `alias`. */
export interface RowOperand {
  kind: 'row';
  column: string;
  alias?: string;
}

/** What a test reads: NULL where SQL would have NULL. */
export type Operand =
  | { kind: 'bug'; column: BugColumn }
  /**
   * A custom field's column (bugs.cf_x), of its type (search-fields.ts TYPE); `unsetIsNull`: NULL
   * where the bug holds no value (a tracking flag's tracking_flags_bugs.value, no row), not the default.
   */
  | { kind: 'custom'; name: string; type: number; unsetIsNull?: true }
  /** A user's login_name or realname (NULL when there is no user). */
  | { kind: 'user'; of: UserRef; attr: 'login_name' | 'realname' }
  | RowOperand
  /** 1 when the user is in one of the groups (user_group_map, isbless = 0), else NULL. */
  | { kind: 'member'; of: UserRef; groups: readonly string[] }
  /** A timestamp column's date as text (`YYYY-MM-DD`: sql_date_format's '%Y-%m-%d'). */
  | { kind: 'dateText'; of: Operand }
  /** The text before its first `@` (sql_string_until): how logins show to someone not logged in. */
  | { kind: 'untilAt'; of: Operand }
  /** COALESCE(of, value): what Search.pm puts for NULL in a nullable column. */
  | { kind: 'coalesce'; of: Operand; value: string | number };

/** The value a test compares with: a literal, or another column (a pronoun, `%last_changed%`). */
export type Literal = string | number | { operand: Operand };

/** One comparison of an operand, as Search.pm's operator functions write it in SQL. */
export type Test =
  | { op: 'cmp'; cmp: '=' | '!=' | '<' | '<=' | '>' | '>='; value: Literal }
  | { op: 'in'; values: readonly Literal[] }
  /** ILIKE '%text%' (substring, case-insensitive); `not`: NOT ILIKE. */
  | { op: 'ilike'; text: string; not: boolean }
  /** LIKE '%text%' (casesubstring). */
  | { op: 'like'; text: string }
  /** ~* pattern (PostgreSQL's regular expressions, case-insensitive); `not`: !~*. */
  | { op: 'regexp'; pattern: string; not: boolean }
  /** LOWER(x) LIKE pattern, the pattern as given (the full-text search's words: % and _ are wildcards). */
  | { op: 'lowerLike'; pattern: string };

export type Expr =
  | { kind: 'and' | 'or'; items: readonly Expr[] }
  | { kind: 'not'; item: Expr }
  | { kind: 'const'; value: boolean }
  | { kind: 'test'; operand: Operand; test: Test }
  /** IS NULL: true or false, never unknown. */
  | { kind: 'isNull'; operand: Operand }
  /** The join named `alias` has a row here (`alias.key IS NOT NULL`). */
  | { kind: 'present'; alias: string }
  /** A sub-select: some row of the bug's `relation` makes `where` true. */
  | { kind: 'exists'; relation: Relation; field?: string | undefined; where: Expr }
  /** The user made a comment (or a change, on any bug) after `since` (owner_idle_time's joins). */
  | { kind: 'touched'; user: UserRef; source: 'comments' | 'activity'; since: string };

/** A LEFT JOIN of Search.pm's: the rows of `relation` of the bug that `on` is true for. */
export interface Join {
  relation: Relation;
  /** The field of the rows: a multi_select relation's custom field, the activity's field. */
  field?: string | undefined;
  on: Expr;
}

/** The WHERE of a search and the joins it names (those it reads more than the presence of). */
export interface SearchWhere {
  where: Expr;
  joins: ReadonlyMap<string, Join>;
}

export const TRUE: Expr = { kind: 'const', value: true };
export const FALSE: Expr = { kind: 'const', value: false };

export function and(...items: Expr[]): Expr {
  return items.length === 1 ? (items[0] as Expr) : { kind: 'and', items };
}

export function or(...items: Expr[]): Expr {
  return items.length === 1 ? (items[0] as Expr) : { kind: 'or', items };
}

export function not(item: Expr): Expr {
  return { kind: 'not', item };
}

export function test(operand: Operand, compare: Test): Expr {
  return { kind: 'test', operand, test: compare };
}

export function row(column: string, alias?: string): RowOperand {
  return alias === undefined ? { kind: 'row', column } : { kind: 'row', column, alias };
}
