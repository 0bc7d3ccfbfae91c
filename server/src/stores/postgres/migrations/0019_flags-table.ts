import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Bug and attachment flags move out of `bugs.bzc_fields` and `attachments.bzc_flags` into Bugzilla 5.2's
 * `flags` (its names, types and indexes; a bug flag has no `attach_id`). Ours differ in four points:
 * - `id` is numbered by `bzc_flag_ids`, the one sequence both kinds already used (5.2's `flags` serial);
 * - `type_id` has no foreign key: the catalogue (`bzc_instance.catalogue`), not a `flagtypes` table,
 *   defines the types, so `bzc_type_name` keeps the type's name with the flag, as the flag was listed;
 * - the times hold UTC, as every timestamp here;
 * - `bzc_order`: the flag's place in its target's list, as the domain orders them (5.2's order: the type's
 *   sortkey and name, then id), which the catalogue's types decide and a flags row alone cannot.
 * A flag whose setter is no user (which no write lets happen) could not be kept: 5.2's `setter_id` is NOT NULL.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE flags (
      id integer PRIMARY KEY DEFAULT nextval('bzc_flag_ids'),
      type_id integer NOT NULL,
      status char(1) NOT NULL,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      attach_id integer REFERENCES attachments (attach_id) ON UPDATE CASCADE ON DELETE CASCADE,
      creation_date timestamp(0) without time zone NOT NULL,
      modification_date timestamp(0) without time zone,
      setter_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE,
      requestee_id integer REFERENCES profiles (userid) ON UPDATE CASCADE,
      bzc_type_name varchar(50) NOT NULL,
      bzc_order smallint NOT NULL DEFAULT 0
    );
    CREATE INDEX flags_bug_id_idx ON flags (bug_id, attach_id);
    CREATE INDEX flags_setter_id_idx ON flags (setter_id);
    CREATE INDEX flags_requestee_id_idx ON flags (requestee_id);
    CREATE INDEX flags_type_id_idx ON flags (type_id);

    INSERT INTO flags (id, type_id, status, bug_id, attach_id, creation_date, modification_date, setter_id,
      requestee_id, bzc_type_name, bzc_order)
    SELECT (x.f->>'id')::integer, (x.f->>'type_id')::integer, x.f->>'status', x.bug_id, x.attach_id,
      (x.f->>'creation_date')::timestamptz AT TIME ZONE 'UTC',
      (coalesce(x.f->>'modification_date', x.f->>'creation_date'))::timestamptz AT TIME ZONE 'UTC',
      s.userid, r.userid, x.f->>'name', x.ord - 1
    FROM (
      SELECT b.bug_id, NULL::integer AS attach_id, f, ord
      FROM bugs b, jsonb_array_elements(coalesce(b.bzc_fields->'flags', '[]')) WITH ORDINALITY AS e(f, ord)
      UNION ALL
      SELECT a.bug_id, a.attach_id, f, ord FROM attachments a, jsonb_array_elements(a.bzc_flags) WITH ORDINALITY AS e(f, ord)
    ) x
    JOIN profiles s ON lower(s.login_name) = lower(x.f->>'setter')
    LEFT JOIN profiles r ON lower(r.login_name) = lower(x.f->>'requestee')
    ORDER BY 1;

    -- New flags are numbered past every flag kept (the sequence already is, unless rows were written around it).
    SELECT setval('bzc_flag_ids', greatest(
      (SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END FROM bzc_flag_ids),
      coalesce((SELECT max(id) FROM flags), 0) + 1), false);

    UPDATE bugs SET bzc_fields = bzc_fields - 'flags' WHERE bzc_fields ? 'flags';
    ALTER TABLE attachments DROP COLUMN bzc_flags;
  `);
}

/** Going back would have to put the rows into bzc_fields again: not offered. */
export const down = false;
