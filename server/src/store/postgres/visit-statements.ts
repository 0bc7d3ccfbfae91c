import { RECENT_VISITS_LIMIT } from '../../domain/visits.js';
import { OUR_SQL, type SqlDialect } from './rows.js';
/**
 * The SQL of the hot paths, as plain text with $n parameters, so the store and
 * the driver benchmark (bench/src/postgres-drivers.ts) run exactly the same statements.
 */

/**
 * Records visits of any users as one statement, so a batch of requests commits
 * durably with one round trip: row i is ($1[i] user, $2[i] bug, $3[i] epoch
 * seconds), in write order, no (user, bug) twice (one statement may not touch a
 * row twice: see visit-writes.ts).
 * Write order becomes bzc_write_seq (since 9.6 PostgreSQL evaluates volatile output
 * expressions such as nextval after the subquery's ORDER BY ord); rows are
 * then upserted in (user, bug) order, so concurrent statements, from this
 * instance or others, take their row locks in the same order and cannot deadlock.
 * A stored visit later than the new one stays (a last visit never goes back in time:
 * a request whose now() was taken earlier may commit later, through another instance).
 */
export const UPSERT_VISITS = `
INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts, bzc_write_seq)
SELECT v.user_id, v.bug_id, to_timestamp(v.ts) AT TIME ZONE 'UTC', v.seq
FROM (
  SELECT u.user_id, u.bug_id, u.ts, nextval('bzc_visit_write_seq') AS seq
  FROM unnest($1::integer[], $2::integer[], $3::bigint[]) WITH ORDINALITY AS u(user_id, bug_id, ts, ord)
  ORDER BY u.ord
) AS v
ORDER BY v.user_id, v.bug_id
ON CONFLICT (user_id, bug_id) DO UPDATE
SET last_visit_ts = EXCLUDED.last_visit_ts, bzc_write_seq = EXCLUDED.bzc_write_seq
WHERE EXCLUDED.last_visit_ts >= bug_user_last_visit.last_visit_ts`;

/** The user's ($1) most recent visits (Bugzilla's 20): newest first, and within one second the later write first. */
export const RECENT_VISITS = `
SELECT bug_id, extract(epoch FROM last_visit_ts)::bigint AS ts
FROM bug_user_last_visit
WHERE user_id = $1
ORDER BY last_visit_ts DESC, bzc_write_seq DESC
LIMIT ${RECENT_VISITS_LIMIT}`;

/** Epoch seconds of the user's ($1) last visit of the bug ($2), in either schema's dialect. */
export function lastVisitStatement(sql: SqlDialect): string {
  return `
SELECT ${sql.epochSeconds('last_visit_ts')} AS ts
FROM bug_user_last_visit
WHERE user_id = $1 AND bug_id = $2`;
}

export const LAST_VISIT = lastVisitStatement(OUR_SQL);

/** The database's clock, epoch milliseconds: what one request calls "now". */
export const DATABASE_NOW = `SELECT (extract(epoch FROM now()) * 1000)::bigint AS now_ms`;
