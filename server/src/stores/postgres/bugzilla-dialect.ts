import type { CustomField } from '../../bugzilla/field/custom-field.js';
import { BUG_RELATION_FIELDS } from './bug-relation-sql.js';
import { bugzillaCustomValuesSql } from './bugzilla-custom-sql.js';
import { type FlagSqlDialect, flagList } from './flag-sql.js';
import type { SqlDialect } from './rows.js';

/** Bugzilla's API time format (UTC), as to_char writes it, of one of its wall-time columns. */
export function bugzillaApiTime(column: string): string {
  return `to_char(${column}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** Bugzilla's flags name their type through `flagtypes`; its times are wall times. */
const BUGZILLA_FLAG_SQL: FlagSqlDialect = {
  flagName: 'ft.name',
  flagTypesJoin: 'JOIN flagtypes ft ON ft.id = f.type_id',
  order: 'ft.sortkey, ft.name, f.id',
  apiTime: bugzillaApiTime,
};

/** Wall time in the session's TimeZone, as Bugzilla's NOW() is stored (see below). */
function wallTime(epochSeconds: string): string {
  return `to_timestamp(${epochSeconds})::timestamp(0)`;
}

/**
 * A Bugzilla 5.x database's SQL (--bugzilla-schema), for the column builders of rows.ts:
 * - Its timestamp(0) columns hold wall time in the zone of the session that wrote them: its NOW() and
 *   LOCALTIMESTAMP(0), in a session whose TimeZone Bugzilla never sets (Bugzilla/DB/Pg.pm), so the
 *   database's. Ours start with the same TimeZone, and `::timestamptz` reads a wall time in it, as
 *   Bugzilla's datetime_from reads it in its local zone (the same one on an installation whose own
 *   pages are right).
 * - A user's groups as Bugzilla::User::groups computes them: user_group_map rows that are not bless
 *   rights (direct grants, and regexp grants, which Bugzilla keeps there with grant_type 2), closed over
 *   group_group_map's membership grants (grant_type 0).
 * - Bug.get's other fields from Bugzilla's own columns and the tables it keeps them in (products,
 *   keywords, dependencies, flags...), over BUGZILLA_BUGS_FROM's joins; the hours worked are the
 *   comments' sum (5.2's actual_time).
 */
/** Bug.get's other fields from Bugzilla's own columns and tables; `custom`, the bug's custom values (jsonb or NULL). */
const bugzillaOtherFields = (
  custom: string,
) => `json_build_object('product', pr.name, 'component', co.name, 'version', b.version, 'priority', b.priority,
     'severity', b.bug_severity, 'op_sys', b.op_sys, 'platform', b.rep_platform, 'target_milestone', b.target_milestone,
     'url', b.bug_file_loc, 'whiteboard', b.status_whiteboard, 'is_confirmed', b.everconfirmed = 1,
     'deadline', to_char(b.deadline, 'YYYY-MM-DD'), 'estimated_time', b.estimated_time, 'remaining_time', b.remaining_time,
     'actual_time', (SELECT COALESCE(sum(l.work_time), 0) FROM longdescs l WHERE l.bug_id = b.bug_id),
     ${BUG_RELATION_FIELDS},
     'dupe_of', (SELECT du.dupe_of FROM duplicates du WHERE du.dupe = b.bug_id),
     'flags', ${flagList(BUGZILLA_FLAG_SQL, 'f.bug_id = b.bug_id AND f.attach_id IS NULL')},
     'custom', ${custom})`;

export const BUGZILLA_SQL: SqlDialect = {
  epochSeconds: (column) => `extract(epoch FROM ${column}::timestamptz)::bigint`,
  timestamp: wallTime,
  // The request's NOW() in epoch ms, rounded to the second as 5.2's NOW() cast to timestamp(0) is.
  lastVisitTime: (ms) => wallTime(`${ms} / 1000.0`),
  visitWriteOrder: 'id',
  userGroupNames: `ARRAY(WITH RECURSIVE member_of(group_id) AS (
      SELECT m.group_id FROM user_group_map m WHERE m.user_id = p.userid AND m.isbless = 0
      UNION
      SELECT gg.grantor_id FROM group_group_map gg JOIN member_of mo ON gg.member_id = mo.group_id
      WHERE gg.grant_type = 0)
    SELECT g.name FROM groups g WHERE g.id IN (SELECT group_id FROM member_of) ORDER BY g.name COLLATE "C")`,
  bugOtherFields: bugzillaOtherFields('NULL'),
  // 5.x has neither BMO's settings (its own mean nothing here) nor its reactions.
  userSettings: `'{}'::json AS settings`,
  userLastSeen: 'extract(epoch FROM p.last_seen_date::timestamptz)::bigint AS last_seen',
  commentReactions: `'[]'::json AS reactions`,
  duplicateIds: 'SELECT dupe AS id FROM duplicates WHERE dupe_of = $1 ORDER BY dupe',
};

/** BUGZILLA_SQL for a database with these custom fields: its bugs' values read with the rest (bugzilla-custom-sql.ts). */
export function bugzillaSqlWith(customFields: readonly CustomField[]): SqlDialect {
  return {
    ...BUGZILLA_SQL,
    bugOtherFields: bugzillaOtherFields(bugzillaCustomValuesSql(customFields, BUGZILLA_SQL.epochSeconds)),
  };
}

/** An attachment's flags, over `a` (attachments), in a Bugzilla database: as Bug.attachments lists them. */
export const BUGZILLA_ATTACHMENT_FLAGS = flagList(BUGZILLA_FLAG_SQL, 'f.attach_id = a.attach_id');
