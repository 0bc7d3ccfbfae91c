import type pg from 'pg';
import {
  type FlagActivity,
  type FlagActivityCriteria,
  type FlagTarget,
  flagActivityOfWrite,
  flagsChanged,
  type NewFlagActivity,
} from '../../bugzilla/flag/bmo-flag-activity.js';
import { isStorableId } from '../../bugzilla/ids.js';
import type { SnapshotFlagActivity } from '../../bugzilla/store/snapshot.js';
import type { ChangeSet } from '../../bugzilla/types.js';
import { flagActivityOfRecord, recordOfFlagActivity } from '../flag-activity-records.js';
import type { Database } from './database.js';
import type { SqlDialect } from './rows.js';

/** A row as the table holds it: its time in epoch seconds, its bigint attachment id as text. */
interface FlagActivityRow {
  id: number;
  flag_when: string;
  type_id: number;
  flag_id: number;
  setter_id: number;
  requestee_id: number | null;
  bug_id: number;
  attachment_id: string | null;
  status: string;
}

const COLUMNS = (sql: SqlDialect) =>
  `id, ${sql.epochSeconds('flag_when')} AS flag_when, type_id, flag_id, setter_id, requestee_id, bug_id, attachment_id, status`;

function flagActivityOfRow(row: FlagActivityRow): FlagActivity {
  const attachmentId = row.attachment_id === null ? null : Number(row.attachment_id);
  return flagActivityOfRecord({ ...row, flag_when: Number(row.flag_when), attachment_id: attachmentId });
}

/**
 * The table BMO keeps flag changes in, where the database has one: ours (migration 0074) and BMO's
 * are `flag_activity`; a BMO database from before its bug 1806896 has `flag_state_activity`; 5.2 has neither.
 */
export async function flagActivityTable(db: Database): Promise<string | null> {
  const [row] = await db.query<{ name: string | null }>(
    "SELECT COALESCE(to_regclass('flag_activity'), to_regclass('flag_state_activity'))::text AS name",
    [],
  );
  return row?.name ?? null;
}

/**
 * Review.flag_activity's rows (extensions/Review/lib/WebService.pm, Bugzilla::FlagActivity->match):
 * each criterion a WHERE term over the table's indexes (flag, type, bug; status and time), by id.
 */
export async function readFlagActivity(
  db: Database,
  table: string,
  sql: SqlDialect,
  criteria: FlagActivityCriteria,
): Promise<FlagActivity[]> {
  // An id no INTEGER column can hold names nothing (and must never reach PostgreSQL: a 22003).
  const ids = [...(criteria.flagIds ?? []), ...(criteria.typeIds ?? []), criteria.setterId, criteria.requesteeId];
  if (ids.some((id) => id !== undefined && !isStorableId(id))) return [];
  if (criteria.bugId !== undefined && !isStorableId(criteria.bugId)) return [];
  const params: unknown[] = [];
  const term = (column: string, value: unknown, cast: string) => {
    params.push(value);
    return `${column} ${cast.endsWith('[]') ? `= ANY ($${params.length}::${cast})` : `= $${params.length}::${cast}`}`;
  };
  const where: string[] = [];
  if (criteria.flagIds) where.push(term('flag_id', criteria.flagIds, 'integer[]'));
  if (criteria.typeIds) where.push(term('type_id', criteria.typeIds, 'integer[]'));
  if (criteria.setterId !== undefined) where.push(term('setter_id', criteria.setterId, 'integer'));
  if (criteria.requesteeId !== undefined) where.push(term('requestee_id', criteria.requesteeId, 'integer'));
  if (criteria.bugId !== undefined) where.push(term('bug_id', criteria.bugId, 'integer'));
  if (criteria.status !== undefined) where.push(term('status', criteria.status, 'text'));
  params.push(criteria.from, criteria.to, criteria.limit, criteria.offset);
  const n = params.length;
  where.push(`flag_when BETWEEN (${sql.timestamp(`$${n - 3}::bigint`)}) AND (${sql.timestamp(`$${n - 2}::bigint`)})`);
  const rows = await db.query<FlagActivityRow>(
    `SELECT ${COLUMNS(sql)} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY id LIMIT $${n - 1}::bigint OFFSET $${n}::bigint`,
    params,
  );
  return rows.map(flagActivityOfRow);
}

/**
 * A bug write's flag_activity rows (bugzilla/flag/bmo-flag-activity.ts decides them) into our table:
 * the setters' and requestees' ids looked up, then the rows in one statement.
 */
export async function recordFlagActivity(
  client: pg.PoolClient,
  sql: SqlDialect,
  targets: readonly FlagTarget[],
  history: ReadonlyArray<{ bugId: number; set: ChangeSet }>,
): Promise<void> {
  const logins = new Set<string>();
  for (const target of targets) {
    if (!flagsChanged(target.before, target.after)) continue;
    for (const flag of [...target.before, ...target.after]) {
      logins.add(flag.setter.toLowerCase());
      if (flag.requestee !== undefined) logins.add(flag.requestee.toLowerCase());
    }
  }
  if (logins.size === 0) return;
  const { rows } = await client.query<{ login: string; userid: number }>(
    'SELECT lower(login_name) AS login, userid FROM profiles WHERE lower(login_name) = ANY ($1::text[])',
    [[...logins]],
  );
  const ids = new Map(rows.map((row) => [row.login, row.userid]));
  const sets = () => history.map(({ bugId, set }) => ({ bugId, who: set.who, when: set.when }));
  await insertFlagActivity(
    client,
    sql,
    flagActivityOfWrite(targets, sets, (login) => ids.get(login.toLowerCase())),
  );
}

/**
 * Rows into our table in one statement, in order: a row without an id (a write's) takes the next of
 * the table's sequence, one with an id (an import's) keeps it (the import sets the sequence after).
 */
async function insertFlagActivity(
  client: pg.PoolClient,
  sql: SqlDialect,
  rows: ReadonlyArray<NewFlagActivity & { id?: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO flag_activity (id, flag_when, type_id, flag_id, setter_id, requestee_id, bug_id, attachment_id, status)
     SELECT COALESCE(x.id, nextval(pg_get_serial_sequence('flag_activity', 'id'))), ${sql.timestamp('x.flag_when')},
       x.type_id, x.flag_id, x.setter_id, x.requestee_id, x.bug_id, x.attachment_id, x.status
     FROM unnest($1::integer[], $2::bigint[], $3::integer[], $4::integer[], $5::integer[], $6::integer[],
       $7::integer[], $8::bigint[], $9::text[]) WITH ORDINALITY
       AS x(id, flag_when, type_id, flag_id, setter_id, requestee_id, bug_id, attachment_id, status, n)
     ORDER BY x.n`,
    [
      rows.map((row) => row.id ?? null),
      rows.map((row) => row.when),
      rows.map((row) => row.typeId),
      rows.map((row) => row.flagId),
      rows.map((row) => row.setterId),
      rows.map((row) => row.requesteeId),
      rows.map((row) => row.bugId),
      rows.map((row) => row.attachmentId),
      rows.map((row) => row.status),
    ],
  );
}

/** A snapshot's flag_activity rows with their ids. */
export function importFlagActivity(
  client: pg.PoolClient,
  sql: SqlDialect,
  rows: readonly SnapshotFlagActivity[],
): Promise<void> {
  return insertFlagActivity(client, sql, rows.map(flagActivityOfRecord));
}

/** Every row, by id, in the snapshot's form (an export). */
export async function exportFlagActivity(client: pg.PoolClient, sql: SqlDialect): Promise<SnapshotFlagActivity[]> {
  const { rows } = await client.query<FlagActivityRow>(`SELECT ${COLUMNS(sql)} FROM flag_activity ORDER BY id`);
  return rows.map((row) => recordOfFlagActivity(flagActivityOfRow(row)));
}
