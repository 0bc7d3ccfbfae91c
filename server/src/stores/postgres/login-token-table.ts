import { hashLoginToken } from '../../bugzilla/user/login-tokens.js';
import type { Database } from './database.js';

/**
 * Login tokens (`<user id>-<secret>`, from GET /rest/login) in a table of ours, as SHA-256 of the
 * token only: `bzc_login_tokens` in our schema, `bz_companion.login_tokens` beside a Bugzilla
 * database (whose logincookies are Bugzilla's to write).
 */
export class LoginTokenTable {
  readonly #db: Database;
  readonly #table: string;

  constructor(db: Database, table: string) {
    this.#db = db;
    this.#table = table;
  }

  async use(userId: number, secret: string, ip: string, ts: number): Promise<boolean> {
    // Marking it used is one idempotent statement (the greater time wins), as the file store keeps it.
    const rows = await this.#db.query(
      `UPDATE ${this.#table} SET last_used = greatest(last_used, $4)
       WHERE sha256 = $1 AND user_id = $2 AND (ip_addr IS NULL OR ip_addr = $3) RETURNING 1`,
      [hashLoginToken(userId, secret), userId, ip, ts],
    );
    return rows.length > 0;
  }

  /** Tokens unused since `expireBefore` die with a new one, as 5.2's do. */
  async add(userId: number, secret: string, ipAddr: string | null, ts: number, expireBefore: number): Promise<void> {
    await this.#db.transaction(async (client) => {
      await client.query(`DELETE FROM ${this.#table} WHERE last_used < $1`, [expireBefore]);
      await client.query(
        `INSERT INTO ${this.#table} (sha256, user_id, ip_addr, last_used) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sha256) DO UPDATE SET last_used = EXCLUDED.last_used`,
        [hashLoginToken(userId, secret), userId, ipAddr, ts],
      );
    }, true);
  }

  async remove(userId: number, secret: string): Promise<void> {
    await this.#db.query(`DELETE FROM ${this.#table} WHERE sha256 = $1`, [hashLoginToken(userId, secret)]);
  }
}

/** Where the tokens of logins through bz-companion live beside a Bugzilla database: outside Bugzilla's schema. */
export const BUGZILLA_SIDE_TOKEN_TABLE = 'bz_companion.login_tokens';

/**
 * Creates it if missing, instances starting together taking turns. Like bzc_login_tokens, without a
 * foreign key: one would add triggers to Bugzilla's profiles (a token of a deleted user finds no user).
 * Looked for first, so that a role that may not create it uses one an administrator made for it.
 */
export async function createBugzillaSideTokenTable(db: Database): Promise<void> {
  const [existing] = await db.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [
    BUGZILLA_SIDE_TOKEN_TABLE,
  ]);
  if (existing?.found) return;
  await db.transaction(async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('${BUGZILLA_SIDE_TOKEN_TABLE}'))`);
    await client.query('CREATE SCHEMA IF NOT EXISTS bz_companion');
    await client.query(`CREATE TABLE IF NOT EXISTS ${BUGZILLA_SIDE_TOKEN_TABLE} (
      sha256 char(64) PRIMARY KEY,
      user_id integer NOT NULL,
      ip_addr varchar(40),
      last_used bigint NOT NULL)`);
    await client.query(
      `CREATE INDEX IF NOT EXISTS login_tokens_last_used_idx ON ${BUGZILLA_SIDE_TOKEN_TABLE} (last_used)`,
    );
  }, true);
}
