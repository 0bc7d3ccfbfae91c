import type { BugWrite } from '../../bugzilla/bug/effect.js';
import { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { CatalogueChange } from '../../bugzilla/catalogue/catalogue-change.js';
import type { StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import {
  type NewComment,
  type NewUser,
  NewUserError,
  type NewUserRecord,
  type OwnedData,
  type Store,
} from '../../bugzilla/store/store.js';
import type { ChangeSet, Comment, CommentReaction, InstanceSettings, User } from '../../bugzilla/types.js';
import { generateApiKey, hashApiKey, hashesMatch } from '../../bugzilla/user/api-keys.js';
import { catalogueOfSection, catalogueOfSnapshot, snapshotCatalogue } from '../snapshot-catalogue.js';
import { offerAccountIn } from './account-offers.js';
import { OUR_ARRIVAL_SOURCES } from './arrival-lookups.js';
import { runBugWrite } from './bug-writes.js';
import { changeCatalogueIn } from './catalogue-writes.js';
import { updateCommentReactions } from './comment-reaction-sql.js';
import { updateCommentTags } from './comment-tag-sql.js';
import { Database, type DatabaseOptions } from './database.js';
import { DatabaseUnavailableError, isUnavailableError } from './errors.js';
import { exportSnapshot } from './export-snapshot.js';
import { OUR_ATTACHMENT_FLAGS } from './flag-sql.js';
import { importSnapshot } from './import-snapshot.js';
import { InstanceListener } from './instance-listener.js';
import { readCatalogueColumn, readInstance } from './instance-row.js';
import { LoginFailureTable } from './login-failure-table.js';
import { LoginTokenTable } from './login-token-table.js';
import { migrate } from './migrate.js';
import { ourSearchSql } from './our-search-sql.js';
import { updatePersonalTags } from './personal-tag-sql.js';
import { PostgresReads } from './postgres-reads.js';
import {
  type ActivityRow,
  BUG_COLUMNS,
  COMMENT_COLUMNS,
  type CommentRow,
  changeSetsFromRows,
  commentFromRow,
  OUR_SQL,
  userFromRow,
} from './rows.js';
import { TickBatch } from './tick-batch.js';
import { createUserIn, setGroups, updateUsersIn } from './user-writes.js';
import { UPSERT_VISITS } from './visit-statements.js';
import { type VisitWrite, visitRows } from './visit-writes.js';

const UNIQUE_VIOLATION = '23505';

export interface OpenPostgresOptions extends DatabaseOptions {
  /** Written when the database has no data yet (a new, empty database): demo data for `serve`; made only then. */
  seed?: StoreSnapshot | (() => StoreSnapshot);
  log?: (line: string) => void;
}

/**
 * The Store on PostgreSQL: every read asks the database (nothing is loaded into
 * memory but the instance settings), so several instances see each other's
 * writes at once; every write is committed when it resolves.
 */
export class PostgresStore extends PostgresReads<CommentRow> implements Store, OwnedData {
  /** This store owns its data: it makes every write itself. */
  readonly owned: OwnedData = this;

  readonly loginFailures: LoginFailureTable;
  #instance: InstanceSettings;
  #catalogue: Catalogue;
  /** Catalogue changes made through this instance: a reread that overlapped one is older than it. */
  #catalogueChanges = 0;
  #listener: InstanceListener | undefined;
  #userChanges = 0;
  readonly #tokens: LoginTokenTable;
  /**
   * Group commit: the visits recorded in one tick are upserted by one statement, one
   * transaction, and each caller resolves only once it has committed. Idempotent (the
   * times are fixed before it runs), so it is run again after a lost connection.
   */
  readonly #visitWrites: TickBatch<VisitWrite, void>;
  /** Whether this open wrote the seed (the database was empty, and no other instance seeded it first). */
  readonly seeded: boolean;

  private constructor(db: Database, instance: InstanceSettings, catalogue: Catalogue, seeded: boolean) {
    super(
      db,
      OUR_SQL,
      { bugColumns: BUG_COLUMNS, bugsFrom: 'bugs b', commentColumns: COMMENT_COLUMNS, commentFromRow },
      OUR_ARRIVAL_SOURCES,
      { attachmentFlags: OUR_ATTACHMENT_FLAGS, bugTagOrder: 'b.bzc_seq', searchSql: ourSearchSql },
    );
    this.#tokens = new LoginTokenTable(db, 'bzc_login_tokens');
    this.loginFailures = new LoginFailureTable(db, { failures: 'bzc_login_failures' });
    this.#visitWrites = new TickBatch<VisitWrite, void>(async (writes) => {
      await db.query(UPSERT_VISITS, visitRows(writes));
      return writes.map(() => undefined);
    });
    this.#instance = instance;
    this.#catalogue = catalogue;
    this.seeded = seeded;
  }

  /** Migrates the schema (refusing a newer one), seeds an empty database if asked, and opens the pool. */
  static async open(url: string, options: OpenPostgresOptions = {}): Promise<PostgresStore> {
    await migrate(url, options.log).catch((error: unknown) => {
      throw isUnavailableError(error) ? new DatabaseUnavailableError(error) : error;
    });
    const db = new Database(url, options);
    try {
      let instance = await readInstance(db);
      let seeded = false;
      if (instance === undefined) {
        const { seed } = options;
        if (seed === undefined) throw new Error('the database holds no data yet: import a fixture first');
        seeded = await importSnapshot(db, typeof seed === 'function' ? seed() : seed, { onlyIfEmpty: true });
        instance = (await readInstance(db)) as InstanceSettings;
      }
      const store = new PostgresStore(db, instance, await openCatalogue(db), seeded);
      store.#listener = await InstanceListener.start(
        url,
        () => store.#rereadInstance(),
        () => store.#userChanges++,
      );
      return store;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  /** Read when the store opens, and again whenever bzc_instance changes, through any instance (InstanceListener). */
  get instance(): InstanceSettings {
    return this.#instance;
  }

  /** Kept in memory like the instance settings, and re-read with them. */
  get catalogue(): Catalogue {
    return this.#catalogue;
  }

  /**
   * Counted here after each change of users of this instance (a new user changes no one's name), and on each
   * notice of another's (InstanceListener).
   */
  get userChanges(): number {
    return this.#userChanges;
  }

  /** A user write counts once it is over, whether it committed or not (a lost connection may hide which). */
  #countingUsers<T>(write: Promise<T>): Promise<T> {
    return write.finally(() => this.#userChanges++);
  }

  async #rereadInstance(): Promise<void> {
    const changesBefore = this.#catalogueChanges;
    this.#instance = (await readInstance(this.db)) ?? this.#instance;
    const catalogue = await readCatalogueColumn(this.db);
    // A change of this instance that landed while this read was under way is newer than what
    // it read: keep it (its own notice brings a reread that sees it, and anything after it).
    if (catalogue && this.#catalogueChanges === changesBefore) {
      this.#catalogue = Catalogue.from(catalogueOfSection(catalogue));
    }
  }

  async findApiKey(key: string): Promise<{ user: User; revoked: boolean } | undefined> {
    const hash = hashApiKey(key);
    const row = await this.lookups.apiKey(hash);
    if (!row || !hashesMatch(row.lookup_key, hash)) return undefined;
    return { user: userFromRow(row), revoked: row.revoked };
  }

  useLoginToken(userId: number, secret: string, ip: string, ts: number): Promise<boolean> {
    return this.#tokens.use(userId, secret, ip, ts);
  }

  addLoginToken(
    userId: number,
    secret: string,
    ipAddr: string | null,
    ts: number,
    expireBefore: number,
  ): Promise<void> {
    return this.#tokens.add(userId, secret, ipAddr, ts, expireBefore);
  }

  removeLoginToken(userId: number, secret: string): Promise<void> {
    return this.#tokens.remove(userId, secret);
  }

  async historyOf(bugId: number): Promise<ChangeSet[]> {
    const rows = await this.db.query<ActivityRow>(
      `SELECT who, ${OUR_SQL.epochSeconds('bug_when')} AS bug_when, bzc_change_set, bzc_field_name, removed, added,
         comment_id, attach_id FROM bugs_activity WHERE bug_id = $1 ORDER BY bzc_change_set, id`,
      [bugId],
    );
    return changeSetsFromRows(rows);
  }

  async recordVisits(userId: number, bugIds: readonly number[], ts: number): Promise<void> {
    // A bug named twice is one row, placed where it was last written (one statement may not touch a row twice).
    const inWriteOrder = [...new Set([...bugIds].reverse())].reverse();
    if (inWriteOrder.length === 0) return;
    await this.#visitWrites.add({ userId, bugIds: inWriteOrder, ts });
  }

  async pruneVisits(cutoff: number): Promise<number> {
    const rows = await this.db.query<{ n: string }>(
      `WITH gone AS (DELETE FROM bug_user_last_visit WHERE last_visit_ts < ${OUR_SQL.timestamp('$1::bigint')}
       RETURNING 1) SELECT count(*) AS n FROM gone`,
      [cutoff],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * One transaction: the comment (its id from longdescs' sequence, so instances never
   * share one), the bug's delta_ts, and the visit side effects. Not retried after a
   * lost connection (it may have committed): the client is told 503 and may post again.
   */
  async addComment(input: NewComment): Promise<Comment> {
    const id = await this.db.transaction(async (client) => {
      const inserted = await client.query<{ comment_id: number }>(
        `INSERT INTO longdescs (bug_id, who, bug_when, thetext, isprivate)
         SELECT bug_id, $2, ${OUR_SQL.timestamp('$3::bigint')}, $4, $5 FROM bugs WHERE bug_id = $1
         RETURNING comment_id`,
        [input.bugId, input.author, input.time, input.text, input.isPrivate ? 1 : 0],
      );
      const commentId = inserted.rows[0]?.comment_id;
      if (commentId === undefined) throw new Error(`bug ${input.bugId} was removed while the comment was being saved`);
      await client.query(`UPDATE bugs SET delta_ts = ${OUR_SQL.timestamp('$2::bigint')} WHERE bug_id = $1`, [
        input.bugId,
        input.time,
      ]);
      if (input.authorVisit) {
        await client.query(UPSERT_VISITS, visitRows([{ userId: input.author, bugIds: [input.bugId], ts: input.time }]));
      }
      await client.query('DELETE FROM bug_user_last_visit WHERE bug_id = $1 AND user_id = ANY ($2::integer[])', [
        input.bugId,
        [...input.forgetVisitsOf],
      ]);
      return commentId;
    });
    return {
      id,
      bugId: input.bugId,
      author: input.author,
      time: input.time,
      text: input.text,
      isPrivate: input.isPrivate,
    };
  }

  async changeCatalogue<T>(change: CatalogueChange<T>): Promise<T> {
    const { answer, next } = await changeCatalogueIn(this.db, this.#catalogue, change);
    this.#catalogue = Catalogue.from(next);
    this.#catalogueChanges++;
    return answer;
  }

  async createUser(input: NewUserRecord): Promise<User> {
    return (await this.userById(await createUserIn(this.db, input))) as User;
  }

  updateUsers<T>(ids: readonly number[], plan: (users: User[]) => { users: User[]; answer: T }): Promise<T> {
    return this.#countingUsers(updateUsersIn(this.db, ids, plan));
  }

  offerAccount(email: string, now: number): Promise<void> {
    return offerAccountIn(this.db, email, now);
  }

  /** One transaction per write (bug-writes.ts); a lost connection is not retried (it may have committed). */
  writeBugs<R>(write: BugWrite<R>): Promise<R> {
    return this.db.transaction((client) => runBugWrite(client, write));
  }

  updatePersonalTags(
    userId: number,
    changes: ReadonlyArray<{ bugId: number; add: readonly string[]; remove: readonly string[] }>,
  ): Promise<Array<{ bugId: number; removed: string[]; added: string[] }>> {
    return updatePersonalTags(this.db, userId, changes);
  }

  updateCommentTags(commentId: number, add: readonly string[], remove: readonly string[]): Promise<string[]> {
    return updateCommentTags(this.db, commentId, add, remove);
  }

  updateCommentReactions(
    commentId: number,
    userId: number,
    add: readonly string[],
    remove: readonly string[],
  ): Promise<CommentReaction[]> {
    return updateCommentReactions(this.db, commentId, userId, add, remove);
  }

  async addUser(input: NewUser): Promise<{ user: User; apiKey: string }> {
    const login = NewUserError.checkedLogin(input.login);
    const apiKey = generateApiKey();
    const userId = await this.db.transaction(async (client) => {
      // A taken login is found before the insert, so it draws no userid; the unique index on
      // lower(login_name) decides between instances adding at once.
      const created = await client
        .query<{ userid: number }>(
          `INSERT INTO profiles (login_name, realname)
           SELECT $1::text, $2::text WHERE NOT EXISTS (SELECT 1 FROM profiles WHERE lower(login_name) = lower($1::text)) RETURNING userid`,
          [login, input.realName ?? ''],
        )
        .catch((error: { code?: string }) => {
          throw error.code === UNIQUE_VIOLATION ? NewUserError.taken(login) : error;
        });
      const id = created.rows[0]?.userid;
      if (id === undefined) throw NewUserError.taken(login);
      // A user's groups exist from then on, as in the file store.
      await setGroups(client, id, [...new Set(input.groups ?? [])]);
      await client.query('INSERT INTO bzc_api_key_hashes (sha256, user_id) VALUES ($1, $2)', [hashApiKey(apiKey), id]);
      return id;
    });
    return { user: (await this.userById(userId)) as User, apiKey };
  }

  async replaceApiKey(login: string): Promise<string> {
    const apiKey = generateApiKey();
    const replaced = await this.db.transaction(async (client) => {
      const found = await client.query<{ userid: number }>(
        'SELECT userid FROM profiles WHERE lower(login_name) = lower($1) FOR UPDATE',
        [login.trim()],
      );
      const id = found.rows[0]?.userid;
      if (id === undefined) return false;
      await client.query('UPDATE bzc_api_key_hashes SET revoked = true WHERE user_id = $1', [id]);
      await client.query('INSERT INTO bzc_api_key_hashes (sha256, user_id) VALUES ($1, $2)', [hashApiKey(apiKey), id]);
      return true;
    });
    if (!replaced) throw NewUserError.keyForNoUser(login);
    return apiKey;
  }

  snapshot(): Promise<StoreSnapshot> {
    return exportSnapshot(this.db);
  }

  /** Everything replaced in one transaction (import, admin reset); other instances hear of it (InstanceListener). */
  async replaceAll(snapshot: StoreSnapshot): Promise<void> {
    await this.#countingUsers(importSnapshot(this.db, snapshot));
    await this.#rereadInstance();
  }

  async close(): Promise<void> {
    await this.#listener?.close();
    await this.db.close();
  }
}

/**
 * The database's catalogue; a database written before there was one gets what its bugs imply,
 * written back once (the first instance to open it decides; the others read that).
 */
async function openCatalogue(db: Database): Promise<Catalogue> {
  const stored = await readCatalogueColumn(db);
  if (stored) return Catalogue.from(catalogueOfSection(stored));
  const implied = snapshotCatalogue(catalogueOfSnapshot(await exportSnapshot(db)));
  await db.query('UPDATE bzc_instance SET catalogue = $1::jsonb WHERE id = 1 AND catalogue IS NULL', [
    JSON.stringify(implied),
  ]);
  return Catalogue.from(catalogueOfSection((await readCatalogueColumn(db)) ?? implied));
}
