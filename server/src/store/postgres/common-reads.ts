import { normalizeAuditClass } from '../model.js';
import type { Database } from './database.js';
import type { SqlDialect } from './rows.js';

/*
 * Reads both PostgreSQL stores make alike, over the tables they share by name: written once here.
 */

/** The users who have a last-visit row for the bug. */
export async function visitorsOf(db: Database, bugId: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM bug_user_last_visit WHERE bug_id = $1 ORDER BY user_id',
    [bugId],
  );
  return rows.map((row) => row.user_id);
}

/** Epoch seconds of the newest audit event of these classes (all classes when null). */
export async function lastAuditTime(
  db: Database,
  sql: SqlDialect,
  classNames: readonly string[] | null,
): Promise<number | null> {
  const classes = classNames === null ? null : classNames.map(normalizeAuditClass);
  const [row] = await db.query<{ latest: string | null }>(
    `SELECT ${sql.epochSeconds('max(at_time)')} AS latest FROM audit_log
     WHERE $1::text[] IS NULL OR class = ANY ($1::text[])`,
    [classes],
  );
  return row?.latest == null ? null : Number(row.latest);
}
