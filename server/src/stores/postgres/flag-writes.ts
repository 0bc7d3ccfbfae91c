import type pg from 'pg';
import type { BugFlag } from '../../bugzilla/types.js';

/** A flag and what it is on: a bug (`attachId` null) or one of its attachments. */
export interface FlagRow {
  flag: BugFlag;
  bugId: number;
  attachId: number | null;
  /** Its place in its target's list. */
  order: number;
}

/**
 * Flags into Bugzilla's `flags`, new or changed, in one statement: setter and requestee by login
 * (any letter case, as logins match), the API's times as UTC.
 */
export async function upsertFlags(client: pg.PoolClient, rows: readonly FlagRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO flags (id, type_id, status, bug_id, attach_id, creation_date, modification_date, setter_id,
       requestee_id, bzc_type_name, bzc_order)
     SELECT x.id, x.type_id, x.status, x.bug_id, x.attach_id, x.created::timestamptz AT TIME ZONE 'UTC',
       x.modified::timestamptz AT TIME ZONE 'UTC', s.userid, r.userid, x.name, x.ord
     FROM unnest($1::integer[], $2::integer[], $3::text[], $4::integer[], $5::integer[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::text[], $11::smallint[])
       AS x(id, type_id, status, bug_id, attach_id, created, modified, setter, requestee, name, ord)
     JOIN profiles s ON lower(s.login_name) = lower(x.setter)
     LEFT JOIN profiles r ON lower(r.login_name) = lower(x.requestee)
     ORDER BY x.id
     ON CONFLICT (id) DO UPDATE SET type_id = EXCLUDED.type_id, status = EXCLUDED.status,
       modification_date = EXCLUDED.modification_date, setter_id = EXCLUDED.setter_id,
       requestee_id = EXCLUDED.requestee_id, bzc_type_name = EXCLUDED.bzc_type_name, bzc_order = EXCLUDED.bzc_order`,
    [
      rows.map((row) => row.flag.id),
      rows.map((row) => row.flag.type_id),
      rows.map((row) => row.flag.status),
      rows.map((row) => row.bugId),
      rows.map((row) => row.attachId),
      rows.map((row) => row.flag.creation_date),
      rows.map((row) => row.flag.modification_date),
      rows.map((row) => row.flag.setter),
      rows.map((row) => row.flag.requestee ?? null),
      rows.map((row) => row.flag.name),
      rows.map((row) => row.order),
    ],
  );
}

const same = (a: BugFlag, b: BugFlag) =>
  a.status === b.status &&
  a.type_id === b.type_id &&
  a.name === b.name &&
  a.setter === b.setter &&
  a.requestee === b.requestee &&
  a.modification_date === b.modification_date;

/** What a bug write changes in its bugs' own flags: only the flags removed, added or changed. */
export async function writeBugFlags(
  client: pg.PoolClient,
  bugs: ReadonlyArray<{ id: number; fields: { flags: readonly BugFlag[] } }>,
  before: (bugId: number) => readonly BugFlag[],
): Promise<void> {
  const removed: number[] = [];
  const changed: FlagRow[] = [];
  for (const bug of bugs) {
    const old = new Map(before(bug.id).map((flag, order) => [flag.id, { flag, order }]));
    for (const [order, flag] of bug.fields.flags.entries()) {
      const was = old.get(flag.id);
      old.delete(flag.id);
      if (!was || was.order !== order || !same(was.flag, flag))
        changed.push({ flag, bugId: bug.id, attachId: null, order });
    }
    removed.push(...old.keys());
  }
  if (removed.length > 0) {
    await client.query('DELETE FROM flags WHERE id = ANY ($1::integer[]) AND attach_id IS NULL', [removed]);
  }
  await upsertFlags(client, changed);
}

/** An attachment's flags as planned: those no longer planned are deleted, the others written. */
export async function writeAttachmentFlagRows(
  client: pg.PoolClient,
  attachment: { id: number; bugId: number },
  flags: readonly BugFlag[],
): Promise<void> {
  await client.query('DELETE FROM flags WHERE attach_id = $1 AND id <> ALL ($2::integer[])', [
    attachment.id,
    flags.map((flag) => flag.id),
  ]);
  await upsertFlags(
    client,
    flags.map((flag, order) => ({ flag, bugId: attachment.bugId, attachId: attachment.id, order })),
  );
}
