import type { BugColumn, Operand, Test } from '../../bugzilla/search/search-term.js';
import { BUGZILLA_SQL } from '../postgres/bugzilla-dialect.js';
import type { ColumnContext, SearchDialectFactory, SearchSqlDialect, SqlValues } from '../postgres/search-dialect.js';
import { relationSql } from '../postgres/search-relations.js';
import { bugIdIn, type SqlScope, testOn } from '../postgres/search-sql.js';
import { bugzillaCustomColumn, bugzillaMultiSelectFrom } from './bugzilla-custom-columns.js';

/** The computed columns, over Bugzilla's tables (what Search.pm's COLUMNS and joins compute). */
function bugColumn(column: BugColumn, b: string, context: ColumnContext): string {
  switch (column) {
    case 'product':
      return `(SELECT pr.name FROM products pr WHERE pr.id = ${b}.product_id)`;
    case 'component':
      return `(SELECT co.name FROM components co WHERE co.id = ${b}.component_id)`;
    case 'classification':
      return `(SELECT cl.name FROM products pr JOIN classifications cl ON cl.id = pr.classification_id WHERE pr.id = ${b}.product_id)`;
    case 'actual_time':
      return `(SELECT sum(l.work_time) FROM longdescs l WHERE l.bug_id = ${b}.bug_id)`;
    case 'percentage_complete': {
      const worked = bugColumn('actual_time', b, context);
      const total = `(${worked} + ${b}.remaining_time)`;
      return `CASE WHEN ${total} = 0 THEN 0 ELSE floor(100 * (${worked} / ${total})) END`;
    }
    case 'days_elapsed':
      return `(to_char(${context.now()}::date, 'J')::int - to_char(${b}.delta_ts::date, 'J')::int)`;
    case 'comment_count':
    case 'public_comment_count':
      return `(SELECT NULLIF(count(*), 0) FROM longdescs l WHERE l.bug_id = ${b}.bug_id${column === 'public_comment_count' ? ' AND l.isprivate = 0' : ''})`;
    case 'last_visit_ts':
      return `(SELECT v.last_visit_ts FROM bug_user_last_visit v WHERE v.bug_id = ${b}.bug_id AND v.user_id = ${context.me()})`;
    case 'comments_text':
      return `(SELECT f.comments FROM bugs_fulltext f WHERE f.bug_id = ${b}.bug_id)`;
    case 'public_comments_text':
      return `(SELECT f.comments_noprivate FROM bugs_fulltext f WHERE f.bug_id = ${b}.bug_id)`;
    case 'bug_type':
      // 5.2's bugs table has no bug_type (BMO's column), and this store reads none: NULL, the default then.
      return 'NULL::text';
    default:
      return `${b}.${column}`;
  }
}

/**
 * Search.pm's build_subselect of a name: the bug's id column IN the ids whose name the test accepts. In an
 * OR's branch over the bug (search-dialect.ts orBranch), the ids as an array computed once
 * (`= ANY (ARRAY(…))`, true or false as IN is), which Bugzilla's index on the column answers beside the
 * other branches; an IN there is a hashed sub-plan tested bug by bug. So is the comments' text there:
 * the bugs whose bugs_fulltext row the test accepts, read once, not each bug's row in turn.
 */
function specialTest(operand: Operand, compared: Test, scope: SqlScope): string | undefined {
  if (operand.kind !== 'bug') return undefined;
  const { b } = scope;
  const idIn = (column: string, select: string) =>
    scope.orBranch ? `${b}.${column} = ANY (ARRAY(${select}))` : `${b}.${column} IN (${select})`;
  switch (operand.column) {
    case 'product':
      return idIn('product_id', `SELECT pr.id FROM products pr WHERE ${testOn('pr.name', 'text', compared, scope)}`);
    case 'component':
      return idIn(
        'component_id',
        `SELECT co.id FROM components co WHERE ${testOn('co.name', 'text', compared, scope)}`,
      );
    case 'classification':
      return idIn(
        'product_id',
        `SELECT pr.id FROM products pr JOIN classifications cl ON cl.id = pr.classification_id
        WHERE ${testOn('cl.name', 'text', compared, scope)}`,
      );
    case 'comments_text':
    case 'public_comments_text': {
      if (!scope.orBranch) return undefined;
      const text = operand.column === 'comments_text' ? 'f.comments' : 'f.comments_noprivate';
      return bugIdIn(b, `SELECT f.bug_id FROM bugs_fulltext f WHERE ${testOn(text, 'text', compared, scope)}`);
    }
    default:
      return undefined;
  }
}

/**
 * A Bugzilla database's search SQL: its own columns and tables as Search.pm reads them (the history by
 * fielddefs' ids, flags by flagtypes, the comments' text from bugs_fulltext, a BMO tracking flag's value
 * from tracking_flags_bugs), in its own collation, with its rule that a bug without creation_ts is never
 * found. `isTrackingFlag` asks the catalogue of the moment (its administrators may add one).
 */
export const bugzillaSearchSql =
  (isTrackingFlag: (name: string) => boolean): SearchDialectFactory =>
  (values, me) =>
    bugzillaSearchDialect(values, me, isTrackingFlag);

function bugzillaSearchDialect(
  values: SqlValues,
  me: () => string,
  isTrackingFlag: (name: string) => boolean,
): SearchSqlDialect {
  const relations = relationSql({
    activityField: (r, field) =>
      ` AND ${r}.fieldid = (SELECT fd.id FROM fielddefs fd WHERE fd.name = ${values.add(field, 'text')})`,
    activityFieldName: (r) => `(SELECT fd.name FROM fielddefs fd WHERE fd.id = ${r}.fieldid)`,
    flagTypeName: (r) => `(SELECT ft.name FROM flagtypes ft WHERE ft.id = ${r}.type_id)`,
    flagOrder: (r) =>
      `(SELECT ft.sortkey FROM flagtypes ft WHERE ft.id = ${r}.type_id), (SELECT ft.name FROM flagtypes ft WHERE ft.id = ${r}.type_id), ${r}.id`,
    commentWorkTime: (r) => `${r}.work_time`,
    me,
    multiSelectFrom: bugzillaMultiSelectFrom,
  });
  return {
    bugColumn,
    customColumn: (name, type, b, unsetIsNull = false) =>
      bugzillaCustomColumn({ name, type, tracking: isTrackingFlag(name) }, b, unsetIsNull),
    relation: (relation) => relations[relation],
    specialTest,
    userColumn: (id, attr) => `(SELECT p.${attr} FROM profiles p WHERE p.userid = ${id})`,
    flagOrder: (r) =>
      `(SELECT ft.sortkey FROM flagtypes ft WHERE ft.id = ${r}.type_id), (SELECT ft.name FROM flagtypes ft WHERE ft.id = ${r}.type_id), ${r}.id`,
    memberOf: (id, groups) =>
      `EXISTS (SELECT 1 FROM profiles p WHERE p.userid = ${id} AND (${BUGZILLA_SQL.userGroupNames})::text[] && ${groups})`,
    collate: '',
    // The instant, as the wall time Bugzilla's NOW() writes in the session's TimeZone (bugzilla-dialect.ts).
    timestamp: (sqlValues, utc) => `${sqlValues.add(`${utc}+00`, 'timestamptz')}::timestamp`,
    standardWhere: (b) => `${b}.creation_ts IS NOT NULL`,
  };
}
