import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * What a bugzilla.mozilla.org data set keeps beyond 5.2's tables, in BMO's own tables (names and
 * types of BMO's Bugzilla/DB/Schema.pm):
 * - `profile_setting`: a user's settings where they differ from the default (Bugzilla's own table;
 *   BMO's Review and Needinfo extensions read `block_reviews` and `block_needinfo` from it). No
 *   foreign key to `setting`: the settings a user may have are the code's, as the catalogue's
 *   flag types are.
 * - `longdescs_reactions`: reactions to comments, one row per user and reaction, by id in the order made.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE profile_setting (
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      setting_name varchar(32) NOT NULL,
      setting_value varchar(32) NOT NULL
    );
    CREATE UNIQUE INDEX profile_setting_value_unique_idx ON profile_setting (user_id, setting_name);

    CREATE TABLE longdescs_reactions (
      id serial PRIMARY KEY,
      comment_id integer REFERENCES longdescs (comment_id) ON UPDATE CASCADE ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE,
      reaction varchar(24) NOT NULL
    );
    CREATE INDEX longdescs_reactions_reaction_idx ON longdescs_reactions (comment_id, reaction);
    CREATE UNIQUE INDEX longdescs_reactions_user_idx ON longdescs_reactions (comment_id, user_id, reaction);
  `);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TABLE longdescs_reactions; DROP TABLE profile_setting;');
}
