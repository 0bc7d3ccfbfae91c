import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * BMO's `flag_activity` (its Bugzilla/DB/Schema.pm): a row each time a flag is set, changed or
 * cleared (`X`), which Review.flag_activity reads, with BMO's indexes (flag, type, bug, status and
 * time) and its setter and requestee referring to profiles. `type_id` refers to no table (flag types
 * are the catalogue's here), nor `attachment_id` (an import writes an attachment once its bytes came,
 * after the rows that name it).
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE flag_activity (
      id serial PRIMARY KEY,
      flag_when timestamp(0) NOT NULL,
      type_id smallint NOT NULL,
      flag_id integer NOT NULL,
      setter_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE,
      requestee_id integer REFERENCES profiles (userid) ON UPDATE CASCADE,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      attachment_id bigint,
      status char(1) NOT NULL
    );
    CREATE INDEX flag_activity_flag_id_idx ON flag_activity (flag_id);
    CREATE INDEX flag_activity_type_id_idx ON flag_activity (type_id);
    CREATE INDEX flag_activity_bug_id_idx ON flag_activity (bug_id);
    CREATE INDEX flag_activity_status_when_idx ON flag_activity (status, flag_when);
    CREATE INDEX flag_activity_setter_id_idx ON flag_activity (setter_id);
    CREATE INDEX flag_activity_requestee_id_idx ON flag_activity (requestee_id);
    CREATE INDEX flag_activity_flag_when_idx ON flag_activity (flag_when);
  `);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TABLE flag_activity');
}
