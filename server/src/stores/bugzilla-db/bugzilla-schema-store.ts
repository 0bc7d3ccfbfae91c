import { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { apiFieldName } from '../../bugzilla/field/bug-fields.js';
import { renderedCommentText } from '../../bugzilla/field/bugzilla-tables.js';
import { ReadOnlyBugzillaError, type Store } from '../../bugzilla/store/store.js';
import type { ChangeSet, Comment, InstanceSettings, User } from '../../bugzilla/types.js';
import type { LoginFailures } from '../../bugzilla/user/login-failures.js';
import type { ArrivalSources } from '../postgres/arrival-lookups.js';
import { BUGZILLA_ATTACHMENT_FLAGS, BUGZILLA_SQL, bugzillaSqlWith } from '../postgres/bugzilla-dialect.js';
import { Database, type DatabaseOptions } from '../postgres/database.js';
import {
  BUGZILLA_SIDE_TOKEN_TABLE,
  createBugzillaSideTokenTable,
  LoginTokenTable,
} from '../postgres/login-token-table.js';
import { PostgresReads } from '../postgres/postgres-reads.js';
import {
  type ActivityRow,
  bugColumns,
  type CommentRow,
  changeSetsFromRows,
  commentColumns,
  commentFromRow,
  userColumns,
  userFromRow,
} from '../postgres/rows.js';
import { TickBatch } from '../postgres/tick-batch.js';
import { upsertVisitsStatement } from '../postgres/visit-statements.js';
import { type VisitWrite, visitRows } from '../postgres/visit-writes.js';
import { type BugzillaTables, readBugzillaCatalogue, type SelectRows } from './bugzilla-catalogue.js';
import { BugzillaSchemaError, readBugzillaDir, watchBugzillaParams } from './bugzilla-dir.js';
import { bugzillaSearchSql } from './bugzilla-search-sql.js';
import { openBugzillaSideLoginFailures } from './bugzilla-side-login-failures.js';

const INSUFFICIENT_PRIVILEGE = '42501';
const NO_TOKEN_TABLE = `logging in with a password (this database role may not create ${BUGZILLA_SIDE_TOKEN_TABLE}, where the tokens go)`;

const BUGZILLA_USER_COLUMNS = userColumns(BUGZILLA_SQL);
const BUGS_FROM =
  'bugs b LEFT JOIN products pr ON pr.id = b.product_id LEFT JOIN components co ON co.id = b.component_id';

/**
 * What the bugs' reads and searches are built from: a bug's columns in a database with these custom fields
 * (their values are columns and tables of their own), and which of them are BMO's tracking flags.
 */
interface BugSql {
  bug: string;
  trackingFlags: ReadonlySet<string>;
}

const bugSqlWith = (catalogue: Catalogue): BugSql => ({
  bug: bugColumns(bugzillaSqlWith(catalogue.customFields())),
  trackingFlags: new Set(
    catalogue
      .customFields()
      .filter((field) => field.tracking)
      .map((field) => field.name),
  ),
});

/** What the bug columns were built from: the custom fields' names and types (a tracking flag's value is elsewhere). */
const customFieldsKey = (catalogue: Catalogue) =>
  catalogue
    .customFields()
    .map((field) => `${field.name}:${field.type}${field.tracking ? ':tracking' : ''}`)
    .join(',');

/** Bugzilla keeps keys in clear and matches them exactly; revoked is a smallint there. Bugs with the current columns. */
const bugzillaArrivalSources = (columns: { bug: string }): ArrivalSources => ({
  keys: `SELECT k.api_key AS lookup_key, k.revoked <> 0 AS revoked, ${BUGZILLA_USER_COLUMNS}
     FROM user_api_keys k JOIN profiles p ON p.userid = k.user_id WHERE k.api_key = ANY ($1::text[])`,
  get bugs() {
    return `SELECT ${columns.bug} FROM ${BUGS_FROM} WHERE b.bug_id = ANY ($2::integer[])`;
  },
});

/** Comments as Bugzilla answers them: duplicate notices rendered from their type. */
const BUGZILLA_COMMENT_COLUMNS = commentColumns(BUGZILLA_SQL);
type BugzillaCommentRow = CommentRow;

function bugzillaComment(row: BugzillaCommentRow): Comment {
  return { ...commentFromRow(row), text: renderedCommentText(row.type, row.thetext, row.extra_data) };
}

/**
 * Visits as Bugzilla::BugUserLastVisit keeps them: one row per (user, bug), its last_visit_ts updated in place,
 * set to the request's NOW() as 5.2 sets it (bug-user-last-visit #4: answered 17:48:55Z, stored :56).
 */
const UPSERT_BUGZILLA_VISITS = upsertVisitsStatement(BUGZILLA_SQL);

const CATALOGUE_REFRESH_MS = 30_000;

const selectRows =
  (db: Database): SelectRows =>
  (sql) =>
    db.query<Record<string, unknown>>(sql, []);

/** The database's tables and a table's columns, in the schema Bugzilla's tables are read from. */
const tablesOf = (db: Database): BugzillaTables => {
  const names = async (sql: string, values: unknown[]) =>
    new Set((await db.query<{ name: string }>(sql, values)).map((row) => row.name.toLowerCase()));
  return {
    tables: () =>
      names('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()', []),
    columns: (table) =>
      names(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      ),
  };
};

const readCatalogue = async (db: Database) => Catalogue.from(await readBugzillaCatalogue(selectRows(db), tablesOf(db)));

/**
 * The Store over an existing Bugzilla 5.x PostgreSQL database (`serve --bugzilla-schema`):
 * users, API keys, groups, bugs, comments and history are read from Bugzilla's own tables,
 * the settings from its directory. Of Bugzilla's tables only bug_user_last_visit is written, as
 * Bugzilla writes it (login tokens and failures go to a schema of ours beside them). No migration
 * of ours runs, and every other write is refused.
 */
export class BugzillaSchemaStore extends PostgresReads<BugzillaCommentRow> implements Store {
  /** Ours in bz_companion.login_failures, Bugzilla's own login_failure rows counted with them (read only). */
  readonly loginFailures: LoginFailures;
  #instance: InstanceSettings;
  #catalogue: Catalogue;
  readonly #catalogueRefresh: NodeJS.Timeout;
  /** The bug columns the reads use and the tracking flags searches read, built from the catalogue's custom fields. */
  readonly #columns: BugSql;
  readonly #stopWatching: () => void;
  /** Visits as (user, bugs, database ms), written in one statement per tick. */
  readonly #visitWrites: TickBatch<VisitWrite, void>;
  /** Undefined when the database role may not create our table: then password logins are refused. */
  readonly #tokens: LoginTokenTable | undefined;

  private constructor(
    db: Database,
    bugzillaDir: string,
    instance: InstanceSettings,
    catalogue: Catalogue,
    tokens: LoginTokenTable | undefined,
    loginFailures: LoginFailures,
  ) {
    // The bug columns follow the custom fields, which Bugzilla's administrators may add at any time.
    const columns = bugSqlWith(catalogue);
    super(
      db,
      BUGZILLA_SQL,
      {
        get bugColumns() {
          return columns.bug;
        },
        bugsFrom: BUGS_FROM,
        commentColumns: BUGZILLA_COMMENT_COLUMNS,
        commentFromRow: bugzillaComment,
      },
      bugzillaArrivalSources(columns),
      {
        attachmentFlags: BUGZILLA_ATTACHMENT_FLAGS,
        bugTagOrder: 'b.ctid',
        searchSql: bugzillaSearchSql((name) => columns.trackingFlags.has(name)),
      },
    );
    this.loginFailures = loginFailures;
    this.#tokens = tokens;
    this.#visitWrites = new TickBatch<VisitWrite, void>(async (writes) => {
      await db.query(UPSERT_BUGZILLA_VISITS, visitRows(writes));
      return writes.map(() => undefined);
    });
    this.#instance = instance;
    this.#catalogue = catalogue;
    this.#columns = columns;
    // Bugzilla's administrators change products and values in Bugzilla, which tells no one: look again now and then.
    this.#catalogueRefresh = setInterval(() => {
      this.refreshCatalogue().catch(() => {});
    }, CATALOGUE_REFRESH_MS);
    this.#catalogueRefresh.unref();
    this.#stopWatching = watchBugzillaParams(bugzillaDir, (changed) => {
      this.#instance = changed;
    });
  }

  /**
   * Reads the catalogue again (as every 30 s): what Bugzilla's administrators changed since. A custom
   * field added or removed changes the bugs' columns, so their reads are built again.
   */
  async refreshCatalogue(): Promise<void> {
    const next = await readCatalogue(this.db);
    if (customFieldsKey(next) !== customFieldsKey(this.#catalogue)) Object.assign(this.#columns, bugSqlWith(next));
    this.#catalogue = next;
  }

  /** Bugzilla's own products, components, values, workflow, flag types and groups. */
  get catalogue(): Catalogue {
    return this.#catalogue;
  }

  /** Read from the Bugzilla directory at start, and again whenever its data/params.json changes. */
  get instance(): InstanceSettings {
    return this.#instance;
  }

  static async open(url: string, bugzillaDir: string, options: DatabaseOptions = {}): Promise<BugzillaSchemaStore> {
    const instance = readBugzillaDir(bugzillaDir);
    const db = new Database(url, options);
    try {
      await checkBugzillaTables(db);
      const tokens = await createBugzillaSideTokenTable(db).then(
        () => new LoginTokenTable(db, BUGZILLA_SIDE_TOKEN_TABLE),
        (error: { code?: string }) => {
          if (error.code === INSUFFICIENT_PRIVILEGE) return undefined;
          throw error;
        },
      );
      const catalogue = await readCatalogue(db);
      const failures = await openBugzillaSideLoginFailures(db);
      return new BugzillaSchemaStore(db, bugzillaDir, instance, catalogue, tokens, failures);
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  /** Bugzilla keeps keys in clear and matches them exactly; their last_used is Bugzilla's to write, not ours. */
  async findApiKey(key: string): Promise<{ user: User; revoked: boolean } | undefined> {
    const row = await this.lookups.apiKey(key);
    return row && { user: userFromRow(row), revoked: row.revoked };
  }

  /**
   * Tokens of logins through us are ours (LoginTokenTable), not rows of Bugzilla's logincookies:
   * only bug_user_last_visit of Bugzilla's tables is written. Bugzilla's own tokens are not accepted.
   */
  useLoginToken(userId: number, secret: string, ip: string, ts: number): Promise<boolean> {
    return this.#tokens ? this.#tokens.use(userId, secret, ip, ts) : Promise.resolve(false);
  }

  addLoginToken(
    userId: number,
    secret: string,
    ipAddr: string | null,
    ts: number,
    expireBefore: number,
  ): Promise<void> {
    if (!this.#tokens) return Promise.reject(new ReadOnlyBugzillaError(NO_TOKEN_TABLE));
    return this.#tokens.add(userId, secret, ipAddr, ts, expireBefore);
  }

  async removeLoginToken(userId: number, secret: string): Promise<void> {
    await this.#tokens?.remove(userId, secret);
  }

  /** A change set is what one user changed at one moment, as Bugzilla groups bugs_activity for Bug.history. */
  async historyOf(bugId: number): Promise<ChangeSet[]> {
    const rows = await this.db.query<ActivityRow>(
      `SELECT a.who, ${BUGZILLA_SQL.epochSeconds('a.bug_when')} AS bug_when,
         dense_rank() OVER (ORDER BY a.bug_when, a.who)::integer AS bzc_change_set, f.name AS bzc_field_name,
         a.removed, a.added, a.comment_id, a.attach_id
       FROM bugs_activity a JOIN fielddefs f ON f.id = a.fieldid WHERE a.bug_id = $1 ORDER BY a.bug_when, a.who, a.id`,
      [bugId],
    );
    return changeSetsFromRows(rows.map((row) => ({ ...row, bzc_field_name: apiFieldName(row.bzc_field_name) })));
  }

  /**
   * Group commit, as on our schema: the visits of every request in one tick are one statement
   * (idempotent: the times are fixed), rows locked in (user, bug) order so concurrent writers
   * cannot deadlock; each caller is answered when it has committed.
   */
  async recordVisits(userId: number, bugIds: readonly number[], ts: number, databaseMs = ts * 1000): Promise<void> {
    const bugs = [...new Set(bugIds)];
    if (bugs.length === 0) return;
    await this.#visitWrites.add({ userId, bugIds: bugs, ts: Math.round(databaseMs) });
  }

  close(): Promise<void> {
    this.#stopWatching();
    clearInterval(this.#catalogueRefresh);
    return this.db.close();
  }
}

/** The tables of Bugzilla 5.x's that the store reads or writes: a database without them is not one it can serve. */
const BUGZILLA_TABLES = [
  'profiles',
  'groups',
  'user_group_map',
  'user_api_keys',
  'bugs',
  'bugs_aliases',
  'bug_group_map',
  'cc',
  'longdescs',
  'bugs_activity',
  'fielddefs',
  'products',
  'components',
  'login_failure',
  'audit_log',
  'bug_user_last_visit',
  'bugs_fulltext',
];

/** Refuses, in one line, a database that is not a Bugzilla 5.x one (bz-companion's own, an empty one). */
async function checkBugzillaTables(db: Database): Promise<void> {
  const rows = await db.query<{ name: string }>(
    "SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass('public.' || quote_ident(name)) IS NULL",
    [BUGZILLA_TABLES],
  );
  if (rows.length === 0) return;
  throw new BugzillaSchemaError(
    `the database is not a Bugzilla 5.x database: it has no ${rows.map((row) => row.name).join(', ')} table${rows.length > 1 ? 's' : ''}`,
  );
}
