import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * What the store keeps since bugs have content and users log in, where Bugzilla's
 * own columns cannot hold it as we have it:
 * - `bugs.bzc_fields`: the bug's fields that Bugzilla keeps in tables of their own
 *   (products, components, keywords, flags, dependencies...), as Bug.get names them.
 *   Summary, status, resolution and the two times stay in Bugzilla's columns
 *   (short_desc, bug_status, resolution, creation_ts, delta_ts), read from there.
 * - `bugs_activity.bzc_field_name`: the field's name (Bugzilla's fieldid points into
 *   fielddefs, which we do not keep; it is 0 here), and `bzc_change_set`: which change
 *   set of the bug the row belongs to, so two sets of one second stay two.
 * - `bzc_login_tokens`: login tokens as SHA-256 of `<user id>-<secret>` (Bugzilla's
 *   `tokens.token` keeps the secret itself in 16 characters).
 * - `profiles.cryptpassword` holds our scrypt hash (`scrypt$...`, under 128 characters).
 * - `bzc_instance.profile`: the tracker the data set behaves as (NULL: the server's choice).
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    ALTER TABLE bzc_instance ADD COLUMN profile varchar(64);
    ALTER TABLE bugs ADD COLUMN bzc_fields jsonb NOT NULL DEFAULT '{}';
    ALTER TABLE bugs_activity ADD COLUMN bzc_field_name varchar(64) NOT NULL DEFAULT '';
    ALTER TABLE bugs_activity ADD COLUMN bzc_change_set integer NOT NULL DEFAULT 0;

    CREATE TABLE bzc_login_tokens (
      sha256 char(64) PRIMARY KEY,
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      ip_addr varchar(40),
      last_used bigint NOT NULL
    );
    CREATE INDEX bzc_login_tokens_last_used_idx ON bzc_login_tokens (last_used);
  `);
}

/** Dropping these would lose bug content and logins: not offered. */
export const down = false;
