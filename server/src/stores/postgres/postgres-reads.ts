import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { withSkew } from '../../bugzilla/clock.js';
import { errors } from '../../bugzilla/errors.js';
import type { FlagActivity, FlagActivityCriteria } from '../../bugzilla/flag/bmo-flag-activity.js';
import { isStorableId, isStorableText } from '../../bugzilla/ids.js';
import type { CompiledSearch } from '../../bugzilla/search/compiled-search.js';
import type { Bug, Comment, InstanceSettings, User, VisitRecord } from '../../bugzilla/types.js';
import type { UserMatch } from '../../bugzilla/user/user-match.js';
import { normalizeAuditClass } from '../model/model.js';
import { ArrivalLookups, type ArrivalSources } from './arrival-lookups.js';
import { AttachmentReads } from './attachment-rows.js';
import { type BugReadSql, BugReads } from './bug-reads.js';
import { searchCommentTags } from './comment-tag-sql.js';
import type { Database } from './database.js';
import { flagActivityTable, readFlagActivity } from './flag-activity-sql.js';
import { bugsTagged, personalTags } from './personal-tag-sql.js';
import { bugFromRow, type SqlDialect, type UserRow, userColumns, userFromRow } from './rows.js';
import type { SearchDialectFactory } from './search-dialect.js';
import { searchStatement } from './search-statement.js';
import { TickBatch } from './tick-batch.js';

/** PostgreSQL's query_canceled: a statement_timeout ran out. */
const QUERY_CANCELED = '57014';

import { allVisitsStatement, lastVisitStatement, recentVisitsStatement } from './visit-statements.js';

/**
 * The reads both PostgreSQL stores make alike, written once: over the tables they share by
 * name (profiles, bugs, longdescs, bug_user_last_visit, audit_log), each in its schema's
 * dialect. Ours (PostgresStore) and a Bugzilla database's (BugzillaSchemaStore) extend it
 * and add what differs: API keys, tokens, history, visits' writes, and ours' own writes.
 */
export abstract class PostgresReads<CommentRow extends object> {
  protected readonly db: Database;
  /** The time, API keys and bugs asked in one tick, looked up with one statement. */
  protected readonly lookups: ArrivalLookups;
  readonly #reads: BugReads<CommentRow & Record<string, unknown>>;
  readonly #sql: SqlDialect;
  readonly #userColumns: string;
  /** Users asked by id in one tick (a page of bugs names dozens), looked up with one statement. */
  readonly #usersById: TickBatch<number, UserRow | undefined>;
  readonly #lastVisit: string;
  readonly #recentVisits: string;
  readonly #allVisits: string;
  readonly #attachments: AttachmentReads;
  /** The order of a user's tags of a bug: ours keeps it in a column, Bugzilla's in its storage order. */
  readonly #bugTagOrder: string;
  readonly #searchSql: SearchDialectFactory;

  protected constructor(
    db: Database,
    sql: SqlDialect,
    reads: BugReadSql<CommentRow>,
    arrivals: ArrivalSources,
    own: { attachmentFlags: string; bugTagOrder: string; searchSql: SearchDialectFactory },
  ) {
    this.db = db;
    this.#sql = sql;
    this.#reads = new BugReads(db, reads as BugReadSql<CommentRow & Record<string, unknown>>);
    this.lookups = new ArrivalLookups(db, arrivals);
    this.#userColumns = userColumns(sql);
    const usersByIds = `SELECT ${this.#userColumns} FROM profiles p WHERE p.userid = ANY ($1::integer[])`;
    this.#usersById = new TickBatch(async (ids) => {
      const rows = await db.query<UserRow>(usersByIds, [[...new Set(ids)]]);
      const byId = new Map(rows.map((row) => [Number(row.userid), row]));
      return ids.map((id) => byId.get(id));
    });
    this.#lastVisit = lastVisitStatement(sql);
    this.#recentVisits = recentVisitsStatement(sql);
    this.#allVisits = allVisitsStatement(sql);
    this.#attachments = new AttachmentReads(db, sql, own.attachmentFlags);
    this.#bugTagOrder = own.bugTagOrder;
    this.#searchSql = own.searchSql;
  }

  abstract get instance(): InstanceSettings;

  /** The database's own now(); the web clock's reading is not used (that is what /rest/time compares). */
  async databaseNow(_webMs: number, skewOverrideSeconds: number | undefined): Promise<number> {
    return withSkew(await this.lookups.now(), this.instance, skewOverrideSeconds);
  }

  /** BMO's flag_activity table, or null (5.2's database has none: no rows), looked up once. */
  #flagActivityTable: Promise<string | null> | undefined;

  async flagActivity(criteria: FlagActivityCriteria): Promise<FlagActivity[]> {
    // A failed look-up (the database away) is asked again next time, not kept.
    this.#flagActivityTable ??= flagActivityTable(this.db).catch((error: unknown) => {
      this.#flagActivityTable = undefined;
      throw error;
    });
    const table = await this.#flagActivityTable;
    return table === null ? [] : readFlagActivity(this.db, table, this.#sql, criteria);
  }

  async duplicatesOf(bugId: number): Promise<number[]> {
    if (!isStorableId(bugId)) return [];
    return (await this.db.query<{ id: number }>(this.#sql.duplicateIds, [bugId])).map((row) => row.id);
  }

  async userById(id: number): Promise<User | undefined> {
    // An id no INTEGER column can hold names nothing (and must never reach PostgreSQL: a 22003).
    if (!isStorableId(id)) return undefined;
    const row = await this.#usersById.add(id);
    return row && userFromRow(row);
  }

  /** Logins match without regard to letter case, as Bugzilla's do. */
  async userByLogin(login: string): Promise<User | undefined> {
    if (!isStorableText(login)) return undefined;
    const [row] = await this.db.query<UserRow>(
      `SELECT ${this.#userColumns} FROM profiles p WHERE lower(p.login_name) = lower($1)`,
      [login],
    );
    return row && userFromRow(row);
  }

  async matchUsers(match: UserMatch): Promise<User[]> {
    const enabled = match.includeDisabled ? '' : ' AND p.is_enabled = 1';
    const limit = match.limit === null ? '' : ` LIMIT ${Math.max(0, Math.trunc(match.limit))}`;
    let where: string;
    let value = match.text;
    if (match.kind === 'exact') where = 'lower(p.login_name) = $1';
    else if (match.kind === 'substring')
      where = '(strpos(lower(p.login_name), $1) > 0 OR strpos(lower(p.realname), $1) > 0)';
    else {
      value = match.text.replace(/\*/g, '%');
      where = '(p.login_name ILIKE $1 OR p.realname ILIKE $1)';
    }
    const rows = await this.db.query<UserRow>(
      `SELECT ${this.#userColumns} FROM profiles p WHERE ${where}${enabled} ORDER BY p.userid${limit}`,
      [value],
    );
    return rows.map(userFromRow);
  }

  async groupMembers(group: string): Promise<User[]> {
    const rows = await this.db.query<UserRow>(
      `SELECT ${this.#userColumns} FROM profiles p WHERE p.userid IN (SELECT m.user_id FROM user_group_map m
         JOIN groups g ON g.id = m.group_id WHERE g.name = $1 AND m.isbless = 0) ORDER BY p.userid`,
      [group],
    );
    return rows.map(userFromRow);
  }

  async bugById(id: number): Promise<Bug | undefined> {
    const row = await this.lookups.bug(id);
    return row && bugFromRow(row);
  }

  abstract get catalogue(): Catalogue;

  /**
   * One statement over the schema's indexes for the page's ids (search-statement.ts), given up by
   * PostgreSQL at the request's bound; then the bugs by those ids, in one batched look-up, in order.
   */
  async searchBugs(search: CompiledSearch): Promise<Bug[]> {
    const { text, values } = searchStatement(search, this.#reads.rowSql, this.#searchSql, this.catalogue);
    try {
      const ids = await this.db.search<{ bug_id: number }>(text, values, search.timeoutMs);
      const rows = await Promise.all(ids.map((row) => this.lookups.bug(row.bug_id)));
      const bugs: Bug[] = [];
      // A bug gone between the two reads (a reset) is left out, as Bugzilla's new_from_list leaves it.
      for (const row of rows) if (row !== undefined) bugs.push(bugFromRow(row));
      return bugs;
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) throw errors.tookTooLong(search.timeoutMs / 1000);
      throw error;
    }
  }

  bugByAlias(alias: string): Promise<Bug | undefined> {
    if (!isStorableText(alias)) return Promise.resolve(undefined);
    return this.#reads.bugByAlias(alias);
  }

  commentById(id: number): Promise<Comment | undefined> {
    return this.#reads.commentById(id);
  }

  commentsOf(bugId: number): Promise<Comment[]> {
    return this.#reads.commentsOf(bugId);
  }

  async attachmentById(id: number): Promise<Attachment | undefined> {
    return isStorableId(id) ? this.#attachments.byId(id) : undefined;
  }

  attachmentsOf(bugId: number): Promise<Attachment[]> {
    return this.#attachments.ofBug(bugId);
  }

  attachmentData(attachment: Attachment): Promise<Buffer | undefined> {
    return this.#attachments.data(attachment);
  }

  personalTags(userId: number, bugId: number): Promise<string[]> {
    return isStorableId(bugId) ? personalTags(this.db, userId, bugId, this.#bugTagOrder) : Promise.resolve([]);
  }

  bugsTagged(userId: number, tags: readonly string[]): Promise<number[]> {
    return bugsTagged(this.db, userId, tags);
  }

  searchCommentTags(query: string, limit: number): Promise<string[]> {
    return searchCommentTags(this.db, query, limit);
  }

  /** The users who have a last-visit row for the bug. */
  async visitorsOf(bugId: number): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }>(
      'SELECT user_id FROM bug_user_last_visit WHERE bug_id = $1 ORDER BY user_id',
      [bugId],
    );
    return rows.map((row) => row.user_id);
  }

  async lastVisit(userId: number, bugId: number): Promise<number | undefined> {
    if (!isStorableId(userId) || !isStorableId(bugId)) return undefined;
    const [row] = await this.db.query<{ ts: string }>(this.#lastVisit, [userId, bugId]);
    return row === undefined ? undefined : Number(row.ts);
  }

  recentVisits(userId: number): Promise<VisitRecord[]> {
    return this.#visits(this.#recentVisits, userId);
  }

  allVisits(userId: number): Promise<VisitRecord[]> {
    return this.#visits(this.#allVisits, userId);
  }

  async #visits(statement: string, userId: number): Promise<VisitRecord[]> {
    const rows = await this.db.query<{ bug_id: number; ts: string }>(statement, [userId]);
    return rows.map((row) => ({ bugId: row.bug_id, lastVisitTs: Number(row.ts) }));
  }

  /** Epoch seconds of the newest audit event of these classes (all classes when null). */
  async lastAuditTime(classNames: readonly string[] | null): Promise<number | null> {
    const classes = classNames === null ? null : classNames.map(normalizeAuditClass);
    const [row] = await this.db.query<{ latest: string | null }>(
      `SELECT ${this.#sql.epochSeconds('max(at_time)')} AS latest FROM audit_log
       WHERE $1::text[] IS NULL OR class = ANY ($1::text[])`,
      [classes],
    );
    return row?.latest == null ? null : Number(row.latest);
  }
}
