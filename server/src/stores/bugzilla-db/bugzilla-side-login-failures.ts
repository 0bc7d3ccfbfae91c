import type { LoginFailures } from '../../bugzilla/user/login-failures.js';
import { MemoryLoginFailures } from '../model/memory-login-failures.js';
import type { Database } from '../postgres/database.js';
import { bugzillaFailuresAfter, LoginFailureTable, type LoginFailureTables } from '../postgres/login-failure-table.js';

const INSUFFICIENT_PRIVILEGE = '42501';

/** Beside a Bugzilla database, in our schema: Bugzilla's own login_failure is only read. */
const BUGZILLA_SIDE_FAILURE_TABLES = {
  failures: 'bz_companion.login_failures',
  clears: 'bz_companion.login_failures_cleared',
} as const satisfies LoginFailureTables;

/**
 * The lock-out over a Bugzilla database (`--bugzilla-schema`): failures through us in
 * bz_companion.login_failures (made if missing, instances starting together taking turns), and
 * Bugzilla's own login_failure rows counted with them. A database role that may neither make nor
 * use those tables counts ours in this process's memory instead, as before they existed.
 */
export async function openBugzillaSideLoginFailures(db: Database): Promise<LoginFailures> {
  try {
    await createTables(db);
    if (await mayUse(db)) return new LoginFailureTable(db, BUGZILLA_SIDE_FAILURE_TABLES);
  } catch (error) {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
  }
  return new MemoryLoginFailures((userId, ip, since) => bugzillasLoginFailures(db, userId, ip, since));
}

/** Bugzilla's own failed logins of the user from `ip` after `since` (epoch seconds), oldest first. */
async function bugzillasLoginFailures(db: Database, userId: number, ip: string, since: number): Promise<number[]> {
  const rows = await db.query<{ at: string }>(`${bugzillaFailuresAfter('$3')} ORDER BY login_time`, [
    userId,
    ip,
    since,
  ]);
  return rows.map((row) => Number(row.at));
}

/** Looked for first, so that a role that may not create them uses those an administrator made. Without foreign keys, as login_tokens. */
async function createTables(db: Database): Promise<void> {
  const { failures, clears } = BUGZILLA_SIDE_FAILURE_TABLES;
  const [existing] = await db.query<{ found: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AS found',
    [failures, clears],
  );
  if (existing?.found) return;
  await db.transaction(async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('${failures}'))`);
    await client.query('CREATE SCHEMA IF NOT EXISTS bz_companion');
    await client.query(`CREATE TABLE IF NOT EXISTS ${failures} (
      user_id integer NOT NULL,
      ip_addr text NOT NULL,
      failed_at bigint NOT NULL)`);
    await client.query(
      `CREATE INDEX IF NOT EXISTS login_failures_user_id_ip_addr_idx ON ${failures} (user_id, ip_addr, failed_at)`,
    );
    await client.query(`CREATE INDEX IF NOT EXISTS login_failures_failed_at_idx ON ${failures} (failed_at)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${clears} (
      user_id integer NOT NULL,
      ip_addr text NOT NULL,
      cleared_at bigint NOT NULL,
      PRIMARY KEY (user_id, ip_addr))`);
  }, true);
}

/** Whether this role may read and write both tables (an administrator may have made them for another role). */
async function mayUse(db: Database): Promise<boolean> {
  const [row] = await db.query<{ usable: boolean }>(
    `SELECT bool_and(coalesce(has_table_privilege(t.oid, 'SELECT') AND has_table_privilege(t.oid, 'INSERT')
       AND has_table_privilege(t.oid, 'UPDATE') AND has_table_privilege(t.oid, 'DELETE'), false)) AS usable
     FROM (VALUES (to_regclass($1)), (to_regclass($2))) AS t(oid)`,
    [BUGZILLA_SIDE_FAILURE_TABLES.failures, BUGZILLA_SIDE_FAILURE_TABLES.clears],
  );
  return row?.usable === true;
}
