import { RECENT_VISITS_LIMIT } from '../../bugzilla/visit/visits.js';
import { NOW_MS, OUR_SQL, type SqlDialect } from './rows.js';

/**
 * The SQL of the hot paths, as plain text with $n parameters, so the store and
 * the driver benchmark (bench/src/postgres-drivers.ts) run exactly the same statements.
 */

/**
 * Records visits of any users as one statement, so a batch of requests commits
 * durably with one round trip: row i is ($1[i] user, $2[i] bug, $3[i] time in
 * VisitWrite.ts's unit), in write order, no (user, bug) twice (one statement may
 * not touch a row twice: see visit-writes.ts).
 * On our schema write order becomes bzc_write_seq (since 9.6 PostgreSQL evaluates
 * volatile output expressions such as nextval after the subquery's ORDER BY ord).
 * Rows are upserted in (user, bug) order, so concurrent statements, from this
 * instance or others, take their row locks in the same order and cannot deadlock;
 * a new row's id is still drawn in write order (nextval in the ordered subquery), as
 * Bugzilla numbers rows one write after another and lists them by it (the file store's
 * row number is its first write's too).
 * A stored visit later than the new one stays (a last visit never goes back in time:
 * a request whose now() was taken earlier may commit later, through another instance;
 * 5.2 itself would overwrite it).
 */
export function upsertVisitsStatement(sql: SqlDialect): string {
  const seq = sql.visitWriteOrder === 'bzc_write_seq';
  return `
INSERT INTO bug_user_last_visit (id, user_id, bug_id, last_visit_ts${seq ? ', bzc_write_seq' : ''})
SELECT v.id, v.user_id, v.bug_id, ${sql.lastVisitTime('v.ts')}${seq ? ', v.seq' : ''}
FROM (
  SELECT nextval(pg_get_serial_sequence('bug_user_last_visit', 'id')) AS id, u.user_id, u.bug_id, u.ts${seq ? ", nextval('bzc_visit_write_seq') AS seq" : ''}
  FROM unnest($1::integer[], $2::integer[], $3::bigint[]) WITH ORDINALITY AS u(user_id, bug_id, ts, ord)
  ORDER BY u.ord
) AS v
ORDER BY v.user_id, v.bug_id
ON CONFLICT (user_id, bug_id) DO UPDATE
SET last_visit_ts = EXCLUDED.last_visit_ts${seq ? ', bzc_write_seq = EXCLUDED.bzc_write_seq' : ''}
WHERE EXCLUDED.last_visit_ts >= bug_user_last_visit.last_visit_ts`;
}

export const UPSERT_VISITS = upsertVisitsStatement(OUR_SQL);

/** The user's ($1) visits as (bug_id, ts epoch seconds), in the order given. */
function visitsStatement(sql: SqlDialect, order: string): string {
  return `
SELECT bug_id, ${sql.epochSeconds('last_visit_ts')} AS ts
FROM bug_user_last_visit
WHERE user_id = $1
${order}`;
}

/**
 * The user's ($1) most recent visits (Bugzilla's 20): newest first, and within one second the later
 * write first. Our schema reads them off an index in that order (bzc_bug_user_last_visit_recent_idx,
 * migration 0001). Bugzilla's table has none: there the user's own rows are fetched first (by the
 * (user_id, bug_id) index; OFFSET 0 keeps the planner from doing otherwise), then the 20 picked,
 * because a generic plan for "ORDER BY last_visit_ts LIMIT 20" walks the whole time index backwards
 * for a user with no recent visit (1.3 s at a million visits).
 */
export function recentVisitsStatement(sql: SqlDialect): string {
  const order = `ORDER BY last_visit_ts DESC, ${sql.visitWriteOrder} DESC\nLIMIT ${RECENT_VISITS_LIMIT}`;
  if (sql.visitWriteOrder === 'bzc_write_seq') return visitsStatement(sql, order);
  return `
SELECT bug_id, ${sql.epochSeconds('last_visit_ts')} AS ts
FROM (SELECT bug_id, last_visit_ts, id FROM bug_user_last_visit WHERE user_id = $1 OFFSET 0) AS own
${order}`;
}

export const RECENT_VISITS = recentVisitsStatement(OUR_SQL);

/** All the user's ($1) visits by row id, the first visit of each bug first, as Bugzilla lists its rows (`LIST_ORDER => 'id'`). */
export function allVisitsStatement(sql: SqlDialect): string {
  return visitsStatement(sql, 'ORDER BY id');
}

/** Epoch seconds of the user's ($1) last visit of the bug ($2), in either schema's dialect. */
export function lastVisitStatement(sql: SqlDialect): string {
  return `
SELECT ${sql.epochSeconds('last_visit_ts')} AS ts
FROM bug_user_last_visit
WHERE user_id = $1 AND bug_id = $2`;
}

export const LAST_VISIT = lastVisitStatement(OUR_SQL);

/** The database's clock, epoch milliseconds: what one request calls "now". */
export const DATABASE_NOW = `SELECT ${NOW_MS} AS now_ms`;
