import { apiFieldName } from '../../bugzilla/field/bug-fields.js';
import type { BugColumn, Operand, Test } from '../../bugzilla/search/search-term.js';
import { ourCustomColumn, ourMultiSelectFrom } from './our-custom-columns.js';
import { OUR_SQL } from './rows.js';
import type { ColumnContext, SearchSqlDialect, SqlValues } from './search-dialect.js';
import { relationSql } from './search-relations.js';
import { bugIdIn, type SqlScope, testOn } from './search-sql.js';

/** The fields our schema keeps in bugs.bzc_fields, by Search.pm's column names. */
const JSON_FIELDS: Readonly<Partial<Record<BugColumn, string>>> = {
  bug_file_loc: 'url',
  status_whiteboard: 'whiteboard',
  version: 'version',
  rep_platform: 'platform',
  op_sys: 'op_sys',
  bug_severity: 'severity',
  priority: 'priority',
  target_milestone: 'target_milestone',
  product: 'product',
  component: 'component',
  classification: 'classification',
  bug_type: 'bug_type',
};

const json = (b: string, name: string) => `(${b}.bzc_fields->>'${name}')`;
const hours = (b: string, name: string) => `COALESCE((${b}.bzc_fields->>'${name}')::numeric, 0)`;

function bugColumn(column: BugColumn, b: string, context: ColumnContext): string {
  const field = JSON_FIELDS[column];
  if (field !== undefined) return json(b, field);
  switch (column) {
    case 'everconfirmed':
      return `CASE WHEN (${b}.bzc_fields->>'is_confirmed')::boolean THEN 1 ELSE 0 END`;
    case 'estimated_time':
    case 'remaining_time':
    case 'actual_time':
      return hours(b, column);
    case 'deadline':
      return `(${b}.bzc_fields->>'deadline')::timestamp`;
    case 'days_elapsed':
      return `(to_char(${context.now()}::date, 'J')::int - to_char(${b}.delta_ts::date, 'J')::int)`;
    case 'percentage_complete': {
      const total = `(${hours(b, 'actual_time')} + ${hours(b, 'remaining_time')})`;
      return `CASE WHEN ${total} = 0 THEN 0 ELSE floor(100 * ${hours(b, 'actual_time')} / ${total}) END`;
    }
    case 'comment_count':
    case 'public_comment_count':
      return `(SELECT NULLIF(count(*), 0) FROM longdescs l WHERE l.bug_id = ${b}.bug_id${column === 'public_comment_count' ? ' AND l.isprivate = 0' : ''})`;
    case 'last_visit_ts':
      return `(SELECT v.last_visit_ts FROM bug_user_last_visit v WHERE v.bug_id = ${b}.bug_id AND v.user_id = ${context.me()})`;
    case 'comments_text':
    case 'public_comments_text':
      return `(SELECT string_agg(l.thetext, E'\\n' ORDER BY l.bug_when, l.comment_id) FROM longdescs l WHERE l.bug_id = ${b}.bug_id${column === 'public_comments_text' ? ' AND l.isprivate = 0' : ''})`;
    default:
      return `${b}.${column}`;
  }
}

/**
 * The full-text search's words in the comments (`LOWER(comments) LIKE '%word%'` over all of a bug's
 * comments joined): a word without wildcards is in the joined text exactly when it is in one comment,
 * which the comments' trigram index finds; a pattern with wildcards is matched against the joined text.
 */
function specialTest(operand: Operand, compared: Test, scope: SqlScope): string | undefined {
  if (operand.kind !== 'bug' || compared.op !== 'lowerLike') return undefined;
  if (operand.column !== 'comments_text' && operand.column !== 'public_comments_text') return undefined;
  const inner = compared.pattern.slice(1, -1);
  if (!compared.pattern.startsWith('%') || !compared.pattern.endsWith('%') || /[%_\\\n]/.test(inner)) return undefined;
  const visible = operand.column === 'public_comments_text' ? ' AND l.isprivate = 0' : '';
  const found = testOn('l.thetext', 'text', compared, scope);
  // In an OR's branch, the bugs whose comments hold the word, from the trigram index (search-dialect.ts orBranch).
  if (scope.orBranch) return bugIdIn(scope.b, `SELECT l.bug_id FROM longdescs l WHERE TRUE${visible} AND ${found}`);
  return `EXISTS (SELECT 1 FROM longdescs l WHERE l.bug_id = ${scope.b}.bug_id${visible} AND ${found})`;
}

/** Our schema's search SQL: the bug's other fields in bzc_fields, the history by its API field names. */
export function ourSearchSql(values: SqlValues, me: () => string): SearchSqlDialect {
  const relations = relationSql({
    activityField: (r, field) => ` AND ${r}.bzc_field_name = ${values.add(apiFieldName(field), 'text')}`,
    activityFieldName: (r) => `${r}.bzc_field_name`,
    flagTypeName: (r) => `${r}.bzc_type_name`,
    flagOrder: (r) => `${r}.bzc_order, ${r}.id`,
    // Our longdescs keeps no hours: 5.2 records them beside the comment as a work_time change too.
    commentWorkTime: (r) =>
      `COALESCE((SELECT CASE WHEN a.added ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN a.added::numeric END FROM bugs_activity a
        WHERE a.bug_id = ${r}.bug_id AND a.who = ${r}.who AND a.bug_when = ${r}.bug_when
          AND a.bzc_field_name = 'work_time' LIMIT 1), 0)`,
    me,
    multiSelectFrom: ourMultiSelectFrom,
  });
  return {
    bugColumn,
    customColumn: (name, type, b, unsetIsNull = false) => ourCustomColumn(name, type, b, values, unsetIsNull),
    relation: (relation) => relations[relation],
    specialTest,
    userColumn: (id, attr) => `(SELECT p.${attr} FROM profiles p WHERE p.userid = ${id})`,
    flagOrder: (r) => `${r}.bzc_order, ${r}.id`,
    memberOf: (id, groups) =>
      `EXISTS (SELECT 1 FROM profiles p WHERE p.userid = ${id} AND (${OUR_SQL.userGroupNames})::text[] && ${groups})`,
    collate: ' COLLATE "C"',
    timestamp: (sqlValues, utc) => sqlValues.add(utc, 'timestamp'),
    standardWhere: () => 'TRUE',
  };
}
