import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Each user's own tags of bugs (Bug.update_tags) in Bugzilla 5.2's `tag` and `bug_tag`, its names
 * and types. Ours beside them: `bug_tag.bzc_seq`, the order a user's tags of a bug were added in
 * (5.2 answers them in its table's storage order, which is that order).
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE tag (
      id serial UNIQUE PRIMARY KEY,
      name varchar(64) NOT NULL,
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX tag_user_id_idx ON tag (user_id, name);
    CREATE TABLE bug_tag (
      bug_id integer NOT NULL REFERENCES bugs (bug_id) ON UPDATE CASCADE ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tag (id) ON UPDATE CASCADE ON DELETE CASCADE,
      bzc_seq bigserial
    );
    CREATE UNIQUE INDEX bug_tag_bug_id_idx ON bug_tag (bug_id, tag_id);
  `);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TABLE bug_tag; DROP TABLE tag;');
}
