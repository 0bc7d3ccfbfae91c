import { DEFAULT_BUG_TIME, defaultBugFields } from '../bug-defaults.js';
import type { Bug, User } from '../types.js';

/** Columns that make a User; `g` is an alias of profiles. */
export const USER_COLUMNS = `p.userid, p.login_name, p.realname, p.is_enabled, p.disabledtext,
  ARRAY(SELECT g.name FROM user_group_map m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = p.userid AND m.isbless = 0 ORDER BY g.name) AS group_names`;

export interface UserRow {
  userid: number;
  login_name: string;
  realname: string;
  is_enabled: number;
  disabledtext: string;
  group_names: string[];
}

export function userFromRow(row: UserRow): User {
  return {
    id: row.userid,
    login: row.login_name,
    realName: row.realname,
    groups: row.group_names,
    disabled: row.is_enabled === 0,
    // Bugzilla's column is NOT NULL with '' meaning "no text".
    disabledText: row.disabledtext === '' ? null : row.disabledtext,
    // Password logins are not wired to PostgreSQL yet (profiles.cryptpassword holds Bugzilla's own hashes).
    passwordHash: null,
  };
}

/** Columns that make a Bug; `b` is an alias of bugs. */
export const BUG_COLUMNS = `b.bug_id, b.reporter, b.assigned_to, b.qa_contact, b.reporter_accessible, b.cclist_accessible,
  ARRAY(SELECT a.alias FROM bugs_aliases a WHERE a.bug_id = b.bug_id ORDER BY a.alias) AS aliases,
  ARRAY(SELECT c.who FROM cc c WHERE c.bug_id = b.bug_id ORDER BY c.who) AS cc,
  ARRAY(SELECT g.name FROM bug_group_map m JOIN groups g ON g.id = m.group_id
        WHERE m.bug_id = b.bug_id ORDER BY g.name) AS group_names`;

export interface BugRow {
  bug_id: number;
  aliases: string[];
  reporter: number | null;
  assigned_to: number | null;
  qa_contact: number | null;
  reporter_accessible: number;
  cclist_accessible: number;
  cc: number[];
  group_names: string[];
}

export function bugFromRow(row: BugRow): Bug {
  return {
    id: row.bug_id,
    aliases: row.aliases,
    reporter: row.reporter,
    assignedTo: row.assigned_to,
    qaContact: row.qa_contact,
    cc: row.cc,
    groups: row.group_names,
    reporterAccessible: row.reporter_accessible !== 0,
    cclistAccessible: row.cclist_accessible !== 0,
    // Bug content (summary, status, comments...) is not stored in PostgreSQL yet: the defaults.
    fields: defaultBugFields({ creation: DEFAULT_BUG_TIME, lastChange: DEFAULT_BUG_TIME }),
  };
}
