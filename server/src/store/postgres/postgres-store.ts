import { generateApiKey, hashApiKey, hashesMatch } from '../api-keys.js';
import { normalizeAuditClass } from '../model.js';
import type { StoreSnapshot } from '../snapshot.js';
import { type NewUser, NewUserError } from '../store.js';
import type { Bug, InstanceSettings, User, VisitRecord } from '../types.js';
import type { AsyncStore } from './async-store.js';
import { Database, type DatabaseOptions } from './database.js';
import { DatabaseUnavailableError, isUnavailableError } from './errors.js';
import { importSnapshot } from './import-snapshot.js';
import { readInstance } from './instance-row.js';
import { migrate } from './migrate.js';
import { BUG_COLUMNS, type BugRow, bugFromRow, USER_COLUMNS, type UserRow, userFromRow } from './rows.js';
import { DATABASE_NOW, LAST_VISIT, RECENT_VISITS, UPSERT_VISITS } from './visit-statements.js';

const UNIQUE_VIOLATION = '23505';

export interface OpenPostgresOptions extends DatabaseOptions {
  /** Written when the database has no data yet (a new, empty database): demo data for `serve`. */
  seed?: StoreSnapshot;
  /** Where migration messages go. */
  log?: (line: string) => void;
}

/** The store on PostgreSQL: every read asks the database, so several instances see each other's writes at once. */
export class PostgresStore implements AsyncStore {
  #instance: InstanceSettings;
  readonly #db: Database;

  private constructor(db: Database, instance: InstanceSettings) {
    this.#db = db;
    this.#instance = instance;
  }

  /** Migrates the schema (refusing a newer one), seeds an empty database if asked, and opens the pool. */
  static async open(url: string, options: OpenPostgresOptions = {}): Promise<PostgresStore> {
    await migrate(url, options.log).catch((error: unknown) => {
      throw isUnavailableError(error) ? new DatabaseUnavailableError(error) : error;
    });
    const db = new Database(url, options);
    try {
      let instance = await readInstance(db);
      if (instance === undefined) {
        if (options.seed === undefined) throw new Error('the database holds no data yet: import a fixture first');
        await importSnapshot(db, options.seed, { onlyIfEmpty: true });
        instance = (await readInstance(db)) as InstanceSettings;
      }
      return new PostgresStore(db, instance);
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  get instance(): InstanceSettings {
    return this.#instance;
  }

  async databaseNow(): Promise<number> {
    const [row] = await this.#db.query<{ now_ms: string }>(DATABASE_NOW, []);
    return Number(row?.now_ms);
  }

  async findApiKey(key: string): Promise<{ user: User; revoked: boolean } | undefined> {
    const hash = hashApiKey(key);
    const [row] = await this.#db.query<UserRow & { sha256: string; revoked: boolean }>(
      `SELECT k.sha256, k.revoked, ${USER_COLUMNS}
       FROM bzc_api_key_hashes k JOIN profiles p ON p.userid = k.user_id WHERE k.sha256 = $1`,
      [hash],
    );
    if (!row || !hashesMatch(row.sha256, hash)) return undefined;
    return { user: userFromRow(row), revoked: row.revoked };
  }

  async userById(id: number): Promise<User | undefined> {
    const [row] = await this.#db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM profiles p WHERE p.userid = $1`, [id]);
    return row && userFromRow(row);
  }

  async bugById(id: number): Promise<Bug | undefined> {
    const [row] = await this.#db.query<BugRow>(`SELECT ${BUG_COLUMNS} FROM bugs b WHERE b.bug_id = $1`, [id]);
    return row && bugFromRow(row);
  }

  async allBugs(): Promise<Bug[]> {
    const rows = await this.#db.query<BugRow>(`SELECT ${BUG_COLUMNS} FROM bugs b ORDER BY b.bug_id`, []);
    return rows.map(bugFromRow);
  }

  async bugByAlias(alias: string): Promise<Bug | undefined> {
    const [row] = await this.#db.query<BugRow>(
      `SELECT ${BUG_COLUMNS} FROM bugs b JOIN bugs_aliases a ON a.bug_id = b.bug_id WHERE lower(a.alias) = lower($1)`,
      [alias],
    );
    return row && bugFromRow(row);
  }

  async lastVisit(userId: number, bugId: number): Promise<number | undefined> {
    const [row] = await this.#db.query<{ ts: string }>(LAST_VISIT, [userId, bugId]);
    return row === undefined ? undefined : Number(row.ts);
  }

  async recentVisits(userId: number): Promise<VisitRecord[]> {
    const rows = await this.#db.query<{ bug_id: number; ts: string }>(RECENT_VISITS, [userId]);
    return rows.map((row) => ({ bugId: row.bug_id, lastVisitTs: Number(row.ts) }));
  }

  async lastAuditTime(classNames: readonly string[] | null): Promise<number | null> {
    const classes = classNames === null ? null : classNames.map(normalizeAuditClass);
    const [row] = await this.#db.query<{ latest: string | null }>(
      `SELECT extract(epoch FROM max(at_time))::bigint AS latest FROM audit_log
       WHERE $1::text[] IS NULL OR class = ANY ($1::text[])`,
      [classes],
    );
    return row?.latest == null ? null : Number(row.latest);
  }

  async recordVisits(userId: number, bugIds: readonly number[], ts: number): Promise<void> {
    // A bug named twice is one row, placed where it was last written (one statement may not touch a row twice).
    const inWriteOrder = [...new Set([...bugIds].reverse())].reverse();
    if (inWriteOrder.length === 0) return;
    // Idempotent: the timestamp is fixed, so running it again after a lost connection gives the same rows.
    await this.#db.query(UPSERT_VISITS, [userId, inWriteOrder, ts]);
  }

  async pruneVisits(cutoff: number): Promise<number> {
    const rows = await this.#db.query<{ n: string }>(
      `WITH gone AS (DELETE FROM bug_user_last_visit WHERE last_visit_ts < to_timestamp($1::bigint) AT TIME ZONE 'UTC'
       RETURNING 1) SELECT count(*) AS n FROM gone`,
      [cutoff],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async addUser(input: NewUser): Promise<{ user: User; apiKey: string }> {
    const login = input.login.trim();
    if (login === '') throw new NewUserError('a user needs a login');
    const apiKey = generateApiKey();
    const userId = await this.#db.transaction(async (client) => {
      // The unique index on lower(login_name) decides, also between instances adding at once.
      const created = await client
        .query<{ userid: number }>('INSERT INTO profiles (login_name, realname) VALUES ($1, $2) RETURNING userid', [
          login,
          input.realName ?? '',
        ])
        .catch((error: { code?: string }) => {
          throw error.code === UNIQUE_VIOLATION ? new NewUserError(`user ${login} already exists`) : error;
        });
      const id = (created.rows[0] as { userid: number }).userid;
      const groups = [...new Set(input.groups ?? [])];
      // A user's groups exist from then on, as in the file store.
      await client.query('INSERT INTO groups (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [groups]);
      await client.query(
        'INSERT INTO user_group_map (user_id, group_id) SELECT $1, id FROM groups WHERE name = ANY ($2::text[])',
        [id, groups],
      );
      await client.query('INSERT INTO bzc_api_key_hashes (sha256, user_id) VALUES ($1, $2)', [hashApiKey(apiKey), id]);
      return id;
    });
    return { user: (await this.userById(userId)) as User, apiKey };
  }

  async importSnapshot(snapshot: StoreSnapshot): Promise<void> {
    await importSnapshot(this.#db, snapshot);
    this.#instance = (await readInstance(this.#db)) as InstanceSettings;
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}
