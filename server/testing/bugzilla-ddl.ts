import type { BugzillaSqlSession } from './bugzilla-sql-session.js';

/**
 * The tables of a Bugzilla 5.x database that an import reads, with the columns and types of
 * Bugzilla/DB/Schema.pm (5.0 to 5.2 alike), written for either engine as Bugzilla's own DB
 * drivers map its abstract types. Foreign keys and most indexes are left out: nothing here
 * depends on them, and a test database is loaded faster without.
 * A column is `name TYPE [NN] [= default]`; SERIAL types are the primary key.
 */
const TABLES: Readonly<Record<string, string>> = {
  bz_schema: 'schema_data LONGBLOB NN, version decimal(3,2) NN',
  classifications: 'id SMALLSERIAL, name varchar(64) NN, description MEDIUMTEXT, sortkey INT2 NN = 0',
  products: `id SMALLSERIAL, name varchar(64) NN, classification_id INT2 NN = 1, description MEDIUMTEXT NN,
    isactive BOOLEAN NN = 1, defaultmilestone varchar(64) NN = '---', allows_unconfirmed BOOLEAN NN = 1`,
  components: `id MEDIUMSERIAL, name varchar(64) NN, product_id INT2 NN, initialowner INT3 NN, initialqacontact INT3,
    description MEDIUMTEXT NN, isactive BOOLEAN NN = 1`,
  component_cc: 'user_id INT3 NN, component_id INT3 NN',
  versions: 'id MEDIUMSERIAL, value varchar(64) NN, product_id INT2 NN, isactive BOOLEAN NN = 1',
  milestones: 'id MEDIUMSERIAL, product_id INT2 NN, value varchar(64) NN, sortkey INT2 NN = 0, isactive BOOLEAN NN = 1',
  group_control_map: `group_id INT3 NN, product_id INT2 NN, entry BOOLEAN NN = 0, membercontrol INT1 NN = 0,
    othercontrol INT1 NN = 0, canedit BOOLEAN NN = 0, editcomponents BOOLEAN NN = 0, editbugs BOOLEAN NN = 0,
    canconfirm BOOLEAN NN = 0`,
  status_workflow: 'old_status INT2, new_status INT2 NN, require_comment INT1 NN = 0',
  bug_status:
    'id SMALLSERIAL, value varchar(64) NN, sortkey INT2 NN = 0, isactive BOOLEAN NN = 1, visibility_value_id INT2, is_open BOOLEAN NN = 1',
  priority: 'FIELD',
  bug_severity: 'FIELD',
  op_sys: 'FIELD',
  rep_platform: 'FIELD',
  resolution: 'FIELD',
  keyworddefs: 'id SMALLSERIAL, name varchar(64) NN, description MEDIUMTEXT NN, is_active BOOLEAN NN = 1',
  flagtypes: `id MEDIUMSERIAL, name varchar(50) NN, description MEDIUMTEXT NN, cc_list varchar(200),
    target_type char(1) NN = 'b', is_active BOOLEAN NN = 1, is_requestable BOOLEAN NN = 0,
    is_requesteeble BOOLEAN NN = 0, is_multiplicable BOOLEAN NN = 0, sortkey INT2 NN = 0, grant_group_id INT3,
    request_group_id INT3`,
  flaginclusions: 'type_id INT2 NN, product_id INT2, component_id INT3',
  flagexclusions: 'type_id INT2 NN, product_id INT2, component_id INT3',
  groups: `id MEDIUMSERIAL, name varchar(255) NN, description MEDIUMTEXT NN, isbuggroup BOOLEAN NN,
    userregexp TINYTEXT NN = '', isactive BOOLEAN NN = 1, icon_url TINYTEXT`,
  group_group_map: 'member_id INT3 NN, grantor_id INT3 NN, grant_type INT1 NN = 0',
  profiles: `userid MEDIUMSERIAL, login_name varchar(255) NN, cryptpassword varchar(128), realname varchar(255) NN = '',
    disabledtext MEDIUMTEXT NN = '', disable_mail BOOLEAN NN = 0, mybugslink BOOLEAN NN = 1, extern_id varchar(64),
    is_enabled BOOLEAN NN = 1, last_seen_date DATETIME`,
  user_group_map: 'user_id INT3 NN, group_id INT3 NN, isbless BOOLEAN NN = 0, grant_type INT1 NN = 0',
  user_api_keys: `id INTSERIAL, user_id INT3 NN, api_key varchar(40) NN, description varchar(255),
    revoked BOOLEAN NN = 0, last_used DATETIME`,
  fielddefs: `id MEDIUMSERIAL, name varchar(64) NN, type INT2 NN = 0, custom BOOLEAN NN = 0, description TINYTEXT NN,
    long_desc varchar(255) NN = '', mailhead BOOLEAN NN = 0, sortkey INT2 NN, obsolete BOOLEAN NN = 0,
    enter_bug BOOLEAN NN = 0, buglist BOOLEAN NN = 0, visibility_field_id INT3, value_field_id INT3,
    reverse_desc TINYTEXT, is_mandatory BOOLEAN NN = 0, is_numeric BOOLEAN NN = 0`,
  bugs: `bug_id MEDIUMSERIAL, assigned_to INT3 NN, bug_file_loc MEDIUMTEXT NN = '', bug_severity varchar(64) NN,
    bug_status varchar(64) NN, creation_ts DATETIME, delta_ts DATETIME NN, short_desc varchar(255) NN,
    op_sys varchar(64) NN, priority varchar(64) NN, product_id INT2 NN, rep_platform varchar(64) NN, reporter INT3 NN,
    version varchar(64) NN, component_id INT3 NN, resolution varchar(64) NN = '', target_milestone varchar(64) NN = '---',
    qa_contact INT3, status_whiteboard MEDIUMTEXT NN = '', lastdiffed DATETIME, everconfirmed BOOLEAN NN,
    reporter_accessible BOOLEAN NN = 1, cclist_accessible BOOLEAN NN = 1, estimated_time decimal(7,2) NN = 0,
    remaining_time decimal(7,2) NN = 0, deadline DATETIME`,
  bugs_aliases: 'alias varchar(40) NN, bug_id INT3',
  cc: 'bug_id INT3 NN, who INT3 NN',
  bug_group_map: 'bug_id INT3 NN, group_id INT3 NN',
  keywords: 'bug_id INT3 NN, keywordid INT2 NN',
  bug_see_also: `id MEDIUMSERIAL, bug_id INT3 NN, value varchar(255) NN, class varchar(255) NN = ''`,
  dependencies: 'blocked INT3 NN, dependson INT3 NN',
  duplicates: 'dupe_of INT3 NN, dupe INT3 NN',
  flags: `id MEDIUMSERIAL, type_id INT2 NN, status char(1) NN, bug_id INT3 NN, attach_id INT3, creation_date DATETIME NN,
    modification_date DATETIME, setter_id INT3 NN, requestee_id INT3`,
  attachments: `attach_id MEDIUMSERIAL, bug_id INT3 NN, creation_ts DATETIME NN, modification_time DATETIME NN,
    description TINYTEXT NN, mimetype TINYTEXT NN, ispatch BOOLEAN NN = 0, filename varchar(255) NN, submitter_id INT3 NN,
    isobsolete BOOLEAN NN = 0, isprivate BOOLEAN NN = 0`,
  attach_data: 'id INT3 NN, thedata LONGBLOB NN',
  longdescs_tags: 'id MEDIUMSERIAL, comment_id INT4, tag varchar(24) NN',
  longdescs: `comment_id INTSERIAL, bug_id INT3 NN, who INT3 NN, bug_when DATETIME NN, work_time decimal(7,2) NN = 0,
    thetext LONGTEXT NN, isprivate BOOLEAN NN = 0, already_wrapped BOOLEAN NN = 0, type INT2 NN = 0, extra_data varchar(255)`,
  bugs_activity: `id INTSERIAL, bug_id INT3 NN, attach_id INT3, who INT3 NN, bug_when DATETIME NN, fieldid INT3 NN,
    added varchar(255), removed varchar(255), comment_id INT4`,
  bug_user_last_visit: 'id INTSERIAL, user_id INT3 NN, bug_id INT3 NN, last_visit_ts DATETIME NN',
  field_visibility: 'field_id INT3, value_id INT2 NN',
  audit_log: `user_id INT3, class varchar(255) NN, object_id INT4 NN, field varchar(64) NN, removed MEDIUMTEXT,
    added MEDIUMTEXT, at_time DATETIME NN`,
  // Not read by an import; written by `serve --bugzilla-schema` (failed logins), which refuses a database without it.
  login_failure: 'user_id INT3 NN, login_time DATETIME NN, ip_addr varchar(40) NN',
};

/** The select fields' tables (Schema.pm's FIELD_TABLE_SCHEMA). */
const FIELD_TABLE =
  'id SMALLSERIAL, value varchar(64) NN, sortkey INT2 NN = 0, isactive BOOLEAN NN = 1, visibility_value_id INT2';

/** Bugzilla/DB/Schema/Mysql.pm's and Pg.pm's mapping of the abstract types. */
const TYPES: Record<string, { mysql: string; postgres: string }> = {
  SMALLSERIAL: { mysql: 'smallint NOT NULL AUTO_INCREMENT PRIMARY KEY', postgres: 'serial PRIMARY KEY' },
  MEDIUMSERIAL: { mysql: 'mediumint NOT NULL AUTO_INCREMENT PRIMARY KEY', postgres: 'serial PRIMARY KEY' },
  INTSERIAL: { mysql: 'integer NOT NULL AUTO_INCREMENT PRIMARY KEY', postgres: 'serial PRIMARY KEY' },
  BOOLEAN: { mysql: 'tinyint', postgres: 'smallint' },
  INT1: { mysql: 'tinyint', postgres: 'smallint' },
  INT2: { mysql: 'smallint', postgres: 'smallint' },
  INT3: { mysql: 'mediumint', postgres: 'integer' },
  INT4: { mysql: 'integer', postgres: 'integer' },
  DATETIME: { mysql: 'datetime', postgres: 'timestamp(0) without time zone' },
  TINYTEXT: { mysql: 'tinytext', postgres: 'varchar(255)' },
  MEDIUMTEXT: { mysql: 'mediumtext', postgres: 'text' },
  LONGTEXT: { mysql: 'mediumtext', postgres: 'text' },
  LONGBLOB: { mysql: 'longblob', postgres: 'bytea' },
};

/** Indexes a Bugzilla has that the import's ordered reads need at 100,000 bugs. */
const INDEXES = [
  'longdescs (bug_id, bug_when)',
  'bugs_activity (bug_id, bug_when)',
  'cc (bug_id, who)',
  'bugs_aliases (alias)',
  'bug_user_last_visit (user_id, bug_id)',
];

/**
 * The indexes Bugzilla 5.2 gives the tables a served tracker is searched and read on (Bugzilla/DB/Schema.pm
 * INDEXES; the same in a real 5.2's dump), which a generated database leaves out while it is loaded: a
 * database served beside, or measured, as a real installation has them. Unique ones are plain here: only
 * reads use them.
 */
const INSTALLED_INDEXES: ReadonlyArray<readonly [name: string, on: string]> = [
  ...['assigned_to', 'creation_ts', 'delta_ts', 'bug_severity', 'bug_status', 'op_sys', 'priority', 'product_id']
    .concat(['reporter', 'version', 'component_id', 'resolution', 'target_milestone', 'qa_contact'])
    .map((column) => [`bugs_${column}_idx`, `bugs (${column})`] as const),
  ['bugs_activity_bug_id_idx', 'bugs_activity (bug_id)'],
  ['bugs_activity_who_idx', 'bugs_activity (who)'],
  ['bugs_activity_bug_when_idx', 'bugs_activity (bug_when)'],
  ['bugs_activity_fieldid_idx', 'bugs_activity (fieldid)'],
  ['bugs_activity_added_idx', 'bugs_activity (added)'],
  ['bugs_activity_removed_idx', 'bugs_activity (removed)'],
  ['bugs_aliases_bug_id_idx', 'bugs_aliases (bug_id)'],
  ['bug_group_map_bug_id_idx', 'bug_group_map (bug_id, group_id)'],
  ['bug_group_map_group_id_idx', 'bug_group_map (group_id)'],
  ['bug_user_last_visit_last_visit_ts_idx', 'bug_user_last_visit (last_visit_ts)'],
  ['cc_who_idx', 'cc (who)'],
  ['longdescs_bug_id_idx', 'longdescs (bug_id, work_time)'],
  ['longdescs_who_idx', 'longdescs (who, bug_id)'],
  ['longdescs_bug_when_idx', 'longdescs (bug_when)'],
  ['flags_bug_id_idx', 'flags (bug_id, attach_id)'],
  ['flags_setter_id_idx', 'flags (setter_id)'],
  ['flags_requestee_id_idx', 'flags (requestee_id)'],
  ['flags_type_id_idx', 'flags (type_id)'],
  ['login_failure_user_id_idx', 'login_failure (user_id)'],
  ['profiles_login_name_idx', 'profiles (login_name)'],
  ['user_api_keys_api_key_idx', 'user_api_keys (api_key)'],
  ['user_api_keys_user_id_idx', 'user_api_keys (user_id)'],
];

/** 5.2's index on lower(login_name), which only its PostgreSQL databases have (Bugzilla/DB/Pg.pm bz_setup_database). */
const PG_LOWER_LOGIN_INDEX = ['profiles_login_name_lower_idx', 'profiles (lower(login_name))'] as const;

/** 5.2's bugs_fulltext (Bugzilla/DB/Schema.pm), which its searches of comments read. */
const FULLTEXT_COLUMNS = 'bug_id INT3 NN, short_desc varchar(255) NN, comments LONGTEXT, comments_noprivate LONGTEXT';

/** CREATE TABLE bugs_fulltext on the engine, its bug_id the key. */
export function fulltextTableDdl(engine: 'mysql' | 'postgres'): string {
  const columns = FULLTEXT_COLUMNS.split(',').map((column) => columnDdl(column, engine));
  const suffix = engine === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  return `CREATE TABLE IF NOT EXISTS bugs_fulltext (${columns.join(', ')}, PRIMARY KEY (bug_id))${suffix}`;
}

/**
 * Bug.pm's _sync_fulltext for every bug not in bugs_fulltext yet: the summary, every comment's text and
 * the public ones', joined by newlines in comment order.
 */
export function fulltextSyncSql(engine: 'mysql' | 'postgres'): string {
  const joined = (where: string) =>
    engine === 'mysql'
      ? `(SELECT GROUP_CONCAT(l.thetext ORDER BY l.comment_id SEPARATOR '\\n') FROM longdescs l WHERE l.bug_id = b.bug_id${where})`
      : `(SELECT string_agg(l.thetext, E'\\n' ORDER BY l.comment_id) FROM longdescs l WHERE l.bug_id = b.bug_id${where})`;
  return `INSERT INTO bugs_fulltext (bug_id, short_desc, comments, comments_noprivate)
    SELECT b.bug_id, b.short_desc, ${joined('')}, ${joined(' AND l.isprivate = 0')}
    FROM bugs b WHERE NOT EXISTS (SELECT 1 FROM bugs_fulltext f WHERE f.bug_id = b.bug_id)`;
}

/**
 * Makes a generated (or older generated) database what an installed Bugzilla 5.2 is for serving: the
 * login_failure table where it is missing, bugs_fulltext filled as Bugzilla keeps it, and 5.2's indexes;
 * each step skipped where it is done, so a cached database is completed in place.
 */
export async function completeAsInstalled(session: BugzillaSqlSession): Promise<void> {
  const columns = TABLES.login_failure as string;
  const ddl = columns.split(',').map((column) => columnDdl(column, session.engine));
  const suffix = session.engine === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  await session.run(`CREATE TABLE IF NOT EXISTS login_failure (${ddl.join(', ')})${suffix}`);
  await session.run(fulltextTableDdl(session.engine));
  await session.run(fulltextSyncSql(session.engine));
  const indexes = session.engine === 'postgres' ? [...INSTALLED_INDEXES, PG_LOWER_LOGIN_INDEX] : INSTALLED_INDEXES;
  for (const [name, on] of indexes) await session.run(`CREATE INDEX IF NOT EXISTS ${name} ON ${on}`);
}

function columnDdl(column: string, engine: 'mysql' | 'postgres'): string {
  const match = /^(\w+) (\w+(?:\([\d,]+\))?)( NN)?(?: = (.+))?$/.exec(column.trim().replace(/\s+/g, ' '));
  if (!match) throw new Error(`bad column: ${column}`);
  const [, name, type, notNull, fallback] = match;
  const mapped = TYPES[type as string]?.[engine] ?? (type as string);
  return `${name} ${mapped}${notNull ? ' NOT NULL' : ''}${fallback === undefined ? '' : ` DEFAULT ${fallback}`}`;
}

/** CREATE TABLE statements for Bugzilla 5.x's tables on the engine. */
function bugzillaSchemaDdl(engine: 'mysql' | 'postgres'): string[] {
  const suffix = engine === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  const tables = Object.entries(TABLES).map(([table, spec]) => {
    const columns = (spec === 'FIELD' ? FIELD_TABLE : spec).split(/,(?![^(]*\))/).map((c) => columnDdl(c, engine));
    return `CREATE TABLE ${table} (${columns.join(', ')})${suffix}`;
  });
  const indexes = INDEXES.map((on, i) => `CREATE INDEX bzc_test_${i} ON ${on}`);
  return [...tables, ...indexes];
}

/** Each custom field type's `bugs` column (Bugzilla/Field.pm SQL_DEFINITIONS); a multiple-selection has none. */
const CUSTOM_COLUMNS: Readonly<Record<number, string>> = {
  1: "varchar(255) NN = ''",
  2: "varchar(64) NN = '---'",
  4: "MEDIUMTEXT NN = ''",
  5: 'DATETIME',
  6: 'INT3',
  9: 'DATE',
  10: 'INT4 NN = 0',
};

/**
 * What Bugzilla::Field->create adds to the schema for a custom field: its `bugs` column, and for
 * a select its values' table (bz_add_field_tables), with `bug_<name>` for a multiple-selection.
 */
export function customFieldDdl(engine: 'mysql' | 'postgres', name: string, type: number): string[] {
  const suffix = engine === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  const statements: string[] = [];
  const column = CUSTOM_COLUMNS[type];
  if (column) statements.push(`ALTER TABLE bugs ADD COLUMN ${columnDdl(`${name} ${column}`, engine)}`);
  if (type === 2 || type === 3) {
    const columns = FIELD_TABLE.split(/,(?![^(]*\))/).map((c) => columnDdl(c, engine));
    statements.push(`CREATE TABLE ${name} (${columns.join(', ')})${suffix}`);
  }
  if (type === 3) {
    const columns = ['bug_id INT3 NN', 'value varchar(64) NN'].map((c) => columnDdl(c, engine));
    statements.push(`CREATE TABLE bug_${name} (${columns.join(', ')})${suffix}`);
  }
  return statements;
}

/** Creates Bugzilla 5.x's tables in the session's (empty) database, bz_schema saying 5.x's format. */
export async function createBugzillaSchema(session: BugzillaSqlSession): Promise<void> {
  for (const statement of bugzillaSchemaDdl(session.engine)) await session.run(statement);
  await session.insert('bz_schema', ['schema_data', 'version'], [['', 3]]);
}
