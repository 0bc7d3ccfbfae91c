import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { Clock } from '../src/bugzilla/clock.js';
import { bugzillaDefaultCatalogue } from '../src/bugzilla/field/bugzilla-defaults.js';
import type { ProfileName } from '../src/profiles/profile.js';
import { BugzillaSchemaStore } from '../src/stores/bugzilla-db/bugzilla-schema-store.js';
import { bugzillaApiTime } from '../src/stores/postgres/bugzilla-dialect.js';
import { BUGZILLA_52_DIR, readRecordedDataSet } from './bugzilla-5.2-fixture.js';
import { fulltextSyncSql, fulltextTableDdl } from './bugzilla-ddl.js';
import { tempDir } from './cli-server.js';
import { type InProcessServer, serveStoreInProcess } from './in-process-server.js';

/**
 * Tests over a Bugzilla 5.2 database: its real DDL holding the recorded data set,
 * and an installation directory beside it, as `serve --bugzilla-schema` finds them.
 */

/** The revoked key the recordings use (revoked@example.com's; the data set lists live keys only). */
export const REVOKED_KEY = 'OracleRevokedKey00000000000000000000000R';

/**
 * Bugzilla 5.2's tables holding the recorded data set, written with plain SQL as checksetup.pl and Bugzilla would:
 * times as wall time in the session's TimeZone (the database's), which is what Bugzilla's NOW() and
 * LOCALTIMESTAMP(0) give its timestamp(0) columns.
 */
export async function loadBugzilla(client: pg.Client): Promise<void> {
  await createBugzillaTables(client);
  const data = readRecordedDataSet();
  const groupNames = [...new Set([...data.users.flatMap((u) => u.groups), ...data.bugs.flatMap((b) => b.groups)])];
  const ids: LoadIds = {
    userId: new Map(data.users.map((user) => [user.login, user.id])),
    groupId: new Map(groupNames.map((name, index) => [name, index + 1])),
  };
  const sql = (text: string, values: unknown[] = []) => client.query(text, values);
  await insertUsers(sql, data, ids);
  await insertFieldValues(sql);
  await insertBugs(sql, data, ids);
  await insertFlagsAndComments(sql, data, ids);
  await insertActivityAndVisits(sql, data, ids);
  await sql(fulltextSyncSql('postgres'));
}

type Sql = (text: string, values?: unknown[]) => Promise<unknown>;
type DataSet = ReturnType<typeof readRecordedDataSet>;
interface LoadIds {
  userId: Map<string, number>;
  groupId: Map<string, number>;
}

/**
 * 5.2's attachment, comment-tag, personal-tag, keyword, dependency, See Also and flag tables (Bugzilla/DB/Schema.pm),
 * which the recorded dump leaves out though its foreign keys name `attachments`.
 */
export const BUGZILLA_ATTACHMENT_TABLES = `
  CREATE TABLE public.attachments (attach_id serial UNIQUE PRIMARY KEY, bug_id integer NOT NULL,
    creation_ts timestamp(0) without time zone NOT NULL, modification_time timestamp(0) without time zone NOT NULL,
    description varchar(255) NOT NULL, mimetype varchar(255) NOT NULL, ispatch smallint NOT NULL DEFAULT 0,
    filename varchar(255) NOT NULL, submitter_id integer NOT NULL, isobsolete smallint NOT NULL DEFAULT 0,
    isprivate smallint NOT NULL DEFAULT 0);
  CREATE TABLE public.attach_data (id integer PRIMARY KEY REFERENCES attachments (attach_id), thedata bytea NOT NULL);
  CREATE TABLE public.longdescs_tags (id serial PRIMARY KEY, comment_id integer, tag varchar(24) NOT NULL);
  CREATE TABLE public.tag (id serial UNIQUE PRIMARY KEY, name varchar(64) NOT NULL, user_id integer NOT NULL);
  CREATE TABLE public.bug_tag (bug_id integer NOT NULL, tag_id integer NOT NULL);
  CREATE TABLE public.dependencies (blocked integer NOT NULL, dependson integer NOT NULL);
  CREATE TABLE public.keyworddefs (id serial PRIMARY KEY, name varchar(64) NOT NULL, description text NOT NULL,
    is_active smallint NOT NULL DEFAULT 1);
  CREATE TABLE public.keywords (bug_id integer NOT NULL, keywordid integer NOT NULL);
  CREATE TABLE public.bug_see_also (id serial PRIMARY KEY, bug_id integer NOT NULL, value varchar(255) NOT NULL,
    class varchar(255) NOT NULL DEFAULT '');
  CREATE TABLE public.flags (id serial PRIMARY KEY, type_id integer NOT NULL, status char(1) NOT NULL,
    bug_id integer NOT NULL, attach_id integer, creation_date timestamp(0) NOT NULL, modification_date timestamp(0),
    setter_id integer NOT NULL, requestee_id integer);`;

/** 5.2's schema from the recorded dump, with the tables the dump leaves out. */
export async function createBugzillaTables(client: pg.Client): Promise<void> {
  await client.query(BUGZILLA_ATTACHMENT_TABLES);
  await client.query(`CREATE TABLE public.classifications (id serial PRIMARY KEY, name varchar(64) NOT NULL,
    description text, sortkey smallint NOT NULL DEFAULT 0)`);
  await client.query(`INSERT INTO classifications VALUES (1, 'Unclassified', 'Not assigned to any classification', 0)`);
  await client.query(await readFile(join(BUGZILLA_52_DIR, 'schema-postgres.sql'), 'utf8'));
  // pg_dump's script empties the session's search_path.
  await client.query('RESET search_path');
  // Tables the dump leaves out (Bug.get's fields, field_visibility, login_failure), with 5.2's columns (Bugzilla/DB/Schema.pm).
  await client.query(`
    CREATE TABLE duplicates (dupe_of integer NOT NULL, dupe integer PRIMARY KEY);
    CREATE TABLE flagtypes (id serial PRIMARY KEY, name varchar(50) NOT NULL, description text NOT NULL,
      cc_list varchar(200), target_type char(1) NOT NULL DEFAULT 'b', is_active smallint NOT NULL DEFAULT 1,
      is_requestable smallint NOT NULL DEFAULT 0, is_requesteeble smallint NOT NULL DEFAULT 0,
      is_multiplicable smallint NOT NULL DEFAULT 0, sortkey smallint NOT NULL DEFAULT 0, grant_group_id integer,
      request_group_id integer);
    CREATE TABLE flaginclusions (type_id integer NOT NULL, product_id integer, component_id integer);
    CREATE TABLE flagexclusions (type_id integer NOT NULL, product_id integer, component_id integer);
    CREATE TABLE versions (id serial PRIMARY KEY, value varchar(64) NOT NULL, product_id integer NOT NULL,
      isactive smallint NOT NULL DEFAULT 1);
    CREATE TABLE milestones (id serial PRIMARY KEY, product_id integer NOT NULL, value varchar(64) NOT NULL,
      sortkey smallint NOT NULL DEFAULT 0, isactive smallint NOT NULL DEFAULT 1);
    CREATE TABLE component_cc (user_id integer NOT NULL, component_id integer NOT NULL);
    CREATE TABLE group_control_map (group_id integer NOT NULL, product_id integer NOT NULL,
      entry smallint NOT NULL DEFAULT 0, membercontrol smallint NOT NULL DEFAULT 0,
      othercontrol smallint NOT NULL DEFAULT 0, canedit smallint NOT NULL DEFAULT 0,
      editcomponents smallint NOT NULL DEFAULT 0, editbugs smallint NOT NULL DEFAULT 0,
      canconfirm smallint NOT NULL DEFAULT 0);
    CREATE TABLE status_workflow (old_status smallint, new_status smallint NOT NULL,
      require_comment smallint NOT NULL DEFAULT 0);
    ${['priority', 'bug_severity', 'op_sys', 'rep_platform']
      .map(
        (table) => `CREATE TABLE ${table} (id serial PRIMARY KEY, value varchar(64) NOT NULL,
          sortkey integer NOT NULL DEFAULT 0, isactive smallint NOT NULL DEFAULT 1, visibility_value_id integer);`,
      )
      .join('\n')}
    CREATE TABLE field_visibility (field_id integer REFERENCES fielddefs (id) ON DELETE CASCADE,
      value_id smallint NOT NULL);
    CREATE TABLE login_failure (user_id integer NOT NULL REFERENCES profiles (userid) ON DELETE CASCADE,
      login_time timestamp(0) without time zone NOT NULL, ip_addr varchar(40) NOT NULL);
    CREATE INDEX login_failure_user_id_idx ON login_failure (user_id)`);
  await client.query(fulltextTableDdl('postgres'));
}

/** Groups, users, their memberships and API keys (one revoked, one bless right that is no membership). */
async function insertUsers(sql: Sql, data: DataSet, { userId, groupId }: LoadIds): Promise<void> {
  for (const [name, id] of groupId) {
    await sql(`INSERT INTO groups (id, name, description, isbuggroup) VALUES ($1, $2, '', 1)`, [id, name]);
  }
  for (const user of data.users) {
    await sql(
      'INSERT INTO profiles (userid, login_name, realname, disabledtext, is_enabled) VALUES ($1, $2, $3, $4, $5)',
      [user.id, user.login, user.real_name, user.disabled_text ?? '', user.disabled_text ? 0 : 1],
    );
    for (const group of user.groups) {
      await sql('INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) VALUES ($1, $2, 0, 0)', [
        user.id,
        groupId.get(group),
      ]);
    }
    for (const key of user.api_keys) {
      await sql('INSERT INTO user_api_keys (user_id, api_key, revoked) VALUES ($1, $2, 0)', [user.id, key]);
    }
  }
  await sql('INSERT INTO user_api_keys (user_id, api_key, revoked) VALUES ($1, $2, 1)', [
    userId.get('revoked@example.com'),
    REVOKED_KEY,
  ]);
  // A bless right is not membership (Bugzilla::User::groups reads isbless = 0 only).
  await sql('INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) VALUES (2, $1, 1, 0)', [
    groupId.get('secret'),
  ]);
}

/** The select fields' values and the workflow of a fresh 5.2, as checksetup.pl writes them. */
async function insertFieldValues(sql: Sql): Promise<void> {
  const defaults = bugzillaDefaultCatalogue(1);
  for (const [table, values] of Object.entries(defaults.fieldValues)) {
    for (const { id, value, sortkey } of values) {
      await sql(`INSERT INTO ${table} (id, value, sortkey) VALUES ($1, $2, $3)`, [id, value, sortkey]);
    }
  }
  for (const { id, value, sortkey, isOpen } of defaults.statuses) {
    await sql('INSERT INTO bug_status (id, value, sortkey, is_open) VALUES ($1, $2, $3, $4)', [
      id,
      value,
      sortkey,
      isOpen ? 1 : 0,
    ]);
  }
  const statusId = new Map(defaults.statuses.map((status) => [status.value, status.id]));
  for (const { from, to } of defaults.workflow) {
    await sql('INSERT INTO status_workflow (old_status, new_status) VALUES ($1, $2)', [
      from === null ? null : statusId.get(from),
      statusId.get(to),
    ]);
  }
}

/** Products, components, bugs with their aliases, CC, groups, dependencies and duplicates. */
async function insertBugs(sql: Sql, data: DataSet, { userId, groupId }: LoadIds): Promise<void> {
  for (const product of data.products) {
    await sql(`INSERT INTO products (id, name, description) VALUES ($1, $2, '')`, [product.id, product.name]);
    await sql(`INSERT INTO milestones (product_id, value) VALUES ($1, '---')`, [product.id]);
    for (const version of product.versions) {
      await sql('INSERT INTO versions (value, product_id) VALUES ($1, $2)', [version, product.id]);
    }
    for (const component of product.components) {
      await sql(`INSERT INTO components (id, name, product_id, initialowner, description) VALUES ($1, $2, $3, 1, '')`, [
        component.id,
        component.name,
        product.id,
      ]);
    }
  }
  for (const bug of data.bugs) {
    const product = data.products.find((p) => p.name === bug.product);
    const component = product?.components.find((c) => c.name === bug.component);
    await sql(
      `INSERT INTO bugs (bug_id, assigned_to, bug_severity, bug_status, creation_ts, delta_ts, short_desc, op_sys,
         priority, product_id, rep_platform, reporter, version, component_id, resolution, everconfirmed,
         reporter_accessible, cclist_accessible)
       VALUES ($1, $2, $3, $4, $5::timestamptz::timestamp, $6::timestamptz::timestamp, $7, $8, $9, $10,
         $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        bug.id,
        userId.get(bug.assigned_to as string),
        bug.severity,
        bug.status,
        bug.creation_time,
        bug.last_change_time,
        bug.summary,
        bug.op_sys,
        bug.priority,
        product?.id,
        bug.platform,
        userId.get(bug.reporter as string),
        bug.version,
        component?.id,
        bug.resolution,
        bug.status === 'UNCONFIRMED' ? 0 : 1,
        bug.reporter_accessible ? 1 : 0,
        bug.cclist_accessible ? 1 : 0,
      ],
    );
    for (const alias of bug.aliases)
      await sql('INSERT INTO bugs_aliases (alias, bug_id) VALUES ($1, $2)', [alias, bug.id]);
    for (const login of bug.cc) await sql('INSERT INTO cc (bug_id, who) VALUES ($1, $2)', [bug.id, userId.get(login)]);
    for (const group of bug.groups) {
      await sql('INSERT INTO bug_group_map (bug_id, group_id) VALUES ($1, $2)', [bug.id, groupId.get(group)]);
    }
  }
  for (const bug of data.bugs) {
    for (const blocked of bug.blocks as number[]) {
      await sql('INSERT INTO dependencies (blocked, dependson) VALUES ($1, $2)', [blocked, bug.id]);
    }
    if (bug.dupe_of !== null)
      await sql('INSERT INTO duplicates (dupe_of, dupe) VALUES ($1, $2)', [bug.dupe_of, bug.id]);
  }
}

async function insertFlagsAndComments(sql: Sql, data: DataSet, { userId }: LoadIds): Promise<void> {
  for (const flag of data.flags) {
    // The data set's one flag type: bug flags, requestable, requestee allowed, for every product.
    await sql(
      `INSERT INTO flagtypes (id, name, description, is_requestable, is_requesteeble) VALUES (1, $1, '', 1, 1)
       ON CONFLICT DO NOTHING`,
      [flag.name],
    );
    await sql('INSERT INTO flaginclusions (type_id) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM flaginclusions)');
    await sql(
      `INSERT INTO flags (id, type_id, status, bug_id, creation_date, modification_date, setter_id, requestee_id)
       VALUES ($1, 1, $2, $3, $4::timestamptz::timestamp, $5::timestamptz::timestamp, $6, $7)`,
      [
        flag.id,
        flag.status,
        flag.bug_id,
        flag.creation_date,
        flag.modification_date,
        userId.get(flag.setter),
        flag.requestee === null ? null : userId.get(flag.requestee),
      ],
    );
  }
  for (const comment of data.comments) {
    await sql(
      `INSERT INTO longdescs (comment_id, bug_id, who, bug_when, thetext, isprivate, type, extra_data)
       VALUES ($1, $2, $3, $4::timestamptz::timestamp, $5, $6, $7, $8)`,
      [
        comment.id,
        comment.bug_id,
        userId.get(comment.author),
        comment.time,
        comment.text,
        comment.is_private ? 1 : 0,
        comment.type,
        comment.extra_data ?? null,
      ],
    );
  }
}

/** The activity rows in the data set's order (bugs_activity.id is that order), and the last visits. */
async function insertActivityAndVisits(sql: Sql, data: DataSet, { userId }: LoadIds): Promise<void> {
  const fieldId = new Map([...new Set(data.activity.map((row) => row.field))].map((name, index) => [name, index + 1]));
  for (const [name, id] of fieldId) {
    await sql(`INSERT INTO fielddefs (id, name, description, sortkey) VALUES ($1, $2, $2, $1)`, [id, name]);
  }
  // In the data set's order, as Bugzilla inserted them (bugs_activity.id is that order).
  for (const [index, row] of data.activity.entries()) {
    await sql(
      `INSERT INTO bugs_activity (id, bug_id, who, bug_when, fieldid, removed, added, comment_id)
       VALUES ($1, $2, $3, $4::timestamptz::timestamp, $5, $6, $7, $8)`,
      [
        index + 1,
        row.bug_id,
        userId.get(row.who),
        row.when,
        fieldId.get(row.field),
        row.removed,
        row.added,
        row.comment_id ?? null,
      ],
    );
  }
  for (const visit of data.last_visits) {
    await sql(
      `INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts)
       VALUES ($1, $2, $3::timestamptz::timestamp)`,
      [userId.get(visit.user), visit.bug_id, visit.last_visit_ts],
    );
  }
}

/** A Bugzilla installation's files as serve --bugzilla-dir reads them. */
export async function makeBugzillaDir(
  parameters: Record<string, string> = { insidergroup: 'insiders', maintainer: 'admin@example.com' },
): Promise<string> {
  const dir = await tempDir('bz-companion-bugzilla-dir-');
  await mkdir(join(dir, 'data'));
  await mkdir(join(dir, 'Bugzilla'));
  await writeFile(join(dir, 'data', 'params.json'), JSON.stringify(parameters));
  await writeFile(join(dir, 'Bugzilla', 'Constants.pm'), "use constant BUGZILLA_VERSION => '5.2';\n");
  return dir;
}

/** Every table but bug_user_last_visit, as text: what must not change. */
export async function otherTables(client: pg.Client): Promise<Record<string, string>> {
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_name <> 'bug_user_last_visit' ORDER BY table_name`,
  );
  const contents: Record<string, string> = {};
  for (const { table_name } of rows) {
    const result = await client.query<{ rows: string | null }>(
      `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS rows FROM public.${table_name} t`,
    );
    contents[table_name] = result.rows[0]?.rows ?? '';
  }
  return contents;
}

export interface VisitRow {
  id: number;
  user_id: number;
  bug_id: number;
  last_visit_ts: string;
}

/** Bugzilla::BugUserLastVisit's own read of the table (its columns; the wall time in the session's TimeZone shown in UTC). */
export async function bugzillaVisits(client: pg.Client): Promise<VisitRow[]> {
  const { rows } = await client.query<VisitRow>(
    `SELECT id, user_id, bug_id, ${bugzillaApiTime('last_visit_ts')} AS last_visit_ts
     FROM bug_user_last_visit ORDER BY user_id, bug_id`,
  );
  return rows;
}

/** Sets the database's TimeZone (ALTER DATABASE ... SET timezone), which every later session starts with. */
export async function setDatabaseTimeZone(url: string, timeZone: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    await client.query(
      `ALTER DATABASE ${client.escapeIdentifier(name)} SET timezone TO ${client.escapeLiteral(timeZone)}`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Sets a timestamp(0) column as Bugzilla does: it asks `SELECT NOW()` and binds the text it gets back (in the
 * session's TimeZone, with fractions and offset), which PostgreSQL casts to a wall time, dropping the offset.
 * `instant` stands for the NOW() of that moment.
 */
export async function writeAsBugzilla(
  client: pg.Client,
  table: string,
  column: string,
  instant: string,
  where: string,
): Promise<void> {
  const { rows } = await client.query<{ now: string }>('SELECT $1::timestamptz::text AS now', [instant]);
  await client.query(`UPDATE ${table} SET ${column} = $1 WHERE ${where}`, [rows[0]?.now]);
}

/** A column's value as text, as it is stored. */
export async function columnText(client: pg.Client, table: string, column: string, where: string): Promise<string> {
  const { rows } = await client.query<{ value: string }>(
    `SELECT ${column}::text AS value FROM ${table} WHERE ${where}`,
  );
  return rows[0]?.value as string;
}

/** A Bugzilla 5.2 database with the recorded data set, served by BugzillaSchemaStore in this process. */
export interface BugzillaServer {
  /** A session of the test's own on the database. */
  sql: pg.Client;
  dir: string;
  store: BugzillaSchemaStore;
  server: InProcessServer;
  /** Every table but bug_user_last_visit, and that table, before the store opened. */
  before: Record<string, string>;
  visitsBefore: VisitRow[];
  close(): Promise<void>;
}

export interface BugzillaServerOptions {
  clock: Clock;
  /** The database's TimeZone, set before anything is written (default: the cluster's). */
  timeZone?: string;
  /** Changes to the loaded data before the store opens (they are part of `before`). */
  prepare?: (sql: pg.Client) => Promise<void>;
  /** The tracker the server behaves as (default: bz-companion's). */
  profile?: ProfileName;
}

export async function openBugzillaServer(url: string, options: BugzillaServerOptions): Promise<BugzillaServer> {
  if (options.timeZone !== undefined) await setDatabaseTimeZone(url, options.timeZone);
  const { default: pg } = await import('pg');
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  await loadBugzilla(sql);
  await options.prepare?.(sql);
  const dir = await makeBugzillaDir();
  const before = await otherTables(sql);
  const visitsBefore = await bugzillaVisits(sql);
  const store = await BugzillaSchemaStore.open(url, dir);
  const server = await serveStoreInProcess(store, {
    clock: options.clock,
    ...(options.profile ? { profile: options.profile } : {}),
  });
  return {
    sql,
    dir,
    store,
    server,
    before,
    visitsBefore,
    close: async () => {
      await server.stop();
      await store.close();
      await sql.end();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
