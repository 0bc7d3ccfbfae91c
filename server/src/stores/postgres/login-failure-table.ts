import { LOCKOUT_SECONDS, type LoginFailures } from '../../bugzilla/user/login-failures.js';
import { BUGZILLA_SQL } from './bugzilla-dialect.js';
import type { Database } from './database.js';

/**
 * Bugzilla's own failed logins of user $1 from address $2 after `since` (an SQL expression of epoch
 * seconds), as `at` in epoch seconds: its login_time is wall time.
 */
export function bugzillaFailuresAfter(since: string): string {
  const at = BUGZILLA_SQL.epochSeconds('login_time');
  return `SELECT ${at} AS at FROM login_failure WHERE user_id = $1 AND ip_addr = $2 AND ${at} > ${since}`;
}

/** Expired rows deleted at most per failure noted: more than one a failure adds, so the table cannot grow. */
const EXPIRED_PER_NOTE = 1000;

export interface LoginFailureTables {
  /** `(user_id, ip_addr, failed_at)`, failed_at in epoch seconds. */
  failures: string;
  /**
   * Beside a Bugzilla database: `(user_id, ip_addr, cleared_at)`, one row per pair, when a login
   * here last succeeded. Bugzilla's own login_failure rows then count too (read only) until then.
   */
  clears?: string;
}

/**
 * Failed password logins in the database, so that every instance on it counts the same ones and a
 * restart forgets none: `bzc_login_failures` in our schema, `bz_companion.login_failures` beside a
 * Bugzilla database. A failure's row goes when a login from that address succeeds, or once expired,
 * deleted by a later failure (rows locked by another instance's delete are left to it, so two never wait).
 */
export class LoginFailureTable implements LoginFailures {
  readonly #db: Database;
  readonly #recent: string;
  readonly #note: string;
  readonly #tables: LoginFailureTables;

  constructor(db: Database, tables: LoginFailureTables) {
    this.#db = db;
    this.#tables = tables;
    const ours = `SELECT failed_at FROM ${tables.failures} WHERE user_id = $1 AND ip_addr = $2 AND failed_at > $3`;
    this.#recent = tables.clears
      ? `${ours}
         UNION ALL
         ${bugzillaFailuresAfter(`greatest($3, (SELECT c.cleared_at FROM ${tables.clears} c WHERE c.user_id = $1 AND c.ip_addr = $2))`)}
         ORDER BY 1`
      : `${ours} ORDER BY failed_at`;
    this.#note = `
      WITH expired AS (
        DELETE FROM ${tables.failures} WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM ${tables.failures} WHERE failed_at <= $4 LIMIT ${EXPIRED_PER_NOTE} FOR UPDATE SKIP LOCKED)))
      INSERT INTO ${tables.failures} (user_id, ip_addr, failed_at) VALUES ($1, $2, $3)`;
  }

  async recent(userId: number, ip: string, now: number): Promise<number[]> {
    const rows = await this.#db.query<{ failed_at: string }>(this.#recent, [userId, ip, now - LOCKOUT_SECONDS]);
    return rows.map((row) => Number(row.failed_at));
  }

  async note(userId: number, ip: string, now: number): Promise<void> {
    // Not retried: a failure counted twice would lock the address out one attempt early.
    await this.#db.query(this.#note, [userId, ip, now, now - LOCKOUT_SECONDS], false);
  }

  async clear(userId: number, ip: string, now: number): Promise<void> {
    const { failures, clears } = this.#tables;
    if (!clears) {
      await this.#db.query(`DELETE FROM ${failures} WHERE user_id = $1 AND ip_addr = $2`, [userId, ip]);
      return;
    }
    // Bugzilla's rows are not ours to delete: they stop counting from now instead.
    await this.#db.transaction(async (client) => {
      await client.query(`DELETE FROM ${failures} WHERE user_id = $1 AND ip_addr = $2`, [userId, ip]);
      await client.query(`DELETE FROM ${clears} WHERE cleared_at <= $1`, [now - LOCKOUT_SECONDS]);
      await client.query(
        `INSERT INTO ${clears} AS c (user_id, ip_addr, cleared_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, ip_addr) DO UPDATE SET cleared_at = greatest(c.cleared_at, EXCLUDED.cleared_at)`,
        [userId, ip, now],
      );
    }, true);
  }

  async clearAll(): Promise<void> {
    const { failures, clears } = this.#tables;
    await this.#db.query(`DELETE FROM ${failures}`, []);
    if (clears) await this.#db.query(`DELETE FROM ${clears}`, []);
  }
}
