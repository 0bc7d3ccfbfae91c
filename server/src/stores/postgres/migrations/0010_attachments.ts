import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Attachments in Bugzilla 5.2's tables and types (Bugzilla::DB::Schema): `attachments` and
 * `attach_data` (the bytes, one row each, apart from the row every list reads), and
 * `bugs_activity.attach_id`. Ours beside them: `attachments.bzc_flags`, the attachment's flags as
 * Bug.attachments lists them (bugs keep theirs in `bugs.bzc_fields` the same way).
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE attachments (
      attach_id serial UNIQUE PRIMARY KEY,
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      creation_ts timestamp(0) without time zone NOT NULL,
      modification_time timestamp(0) without time zone NOT NULL,
      description varchar(255) NOT NULL,
      mimetype varchar(255) NOT NULL,
      ispatch smallint NOT NULL DEFAULT 0,
      filename varchar(255) NOT NULL,
      submitter_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE,
      isobsolete smallint NOT NULL DEFAULT 0,
      isprivate smallint NOT NULL DEFAULT 0,
      bzc_flags jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX attachments_bug_id_idx ON attachments (bug_id);
    CREATE INDEX attachments_creation_ts_idx ON attachments (creation_ts);
    CREATE INDEX attachments_modification_time_idx ON attachments (modification_time);
    CREATE INDEX attachments_submitter_id_idx ON attachments (submitter_id, bug_id);

    CREATE TABLE attach_data (
      id integer PRIMARY KEY REFERENCES attachments (attach_id) ON UPDATE CASCADE ON DELETE CASCADE,
      thedata bytea NOT NULL
    );

    ALTER TABLE bugs_activity ADD COLUMN attach_id integer
      REFERENCES attachments (attach_id) ON UPDATE CASCADE ON DELETE CASCADE;
  `);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql(`
    ALTER TABLE bugs_activity DROP COLUMN attach_id;
    DROP TABLE attach_data;
    DROP TABLE attachments;
  `);
}
