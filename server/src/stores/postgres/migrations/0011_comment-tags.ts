import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Comment tags in Bugzilla 5.2's `longdescs_tags` (its names and types). How often each tag is
 * used (5.2's longdescs_tags_weights) is counted from these rows when asked, not kept apart.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE longdescs_tags (
      id serial PRIMARY KEY,
      comment_id integer REFERENCES longdescs (comment_id) ON UPDATE CASCADE ON DELETE CASCADE,
      tag varchar(24) NOT NULL
    );
    CREATE UNIQUE INDEX longdescs_tags_idx ON longdescs_tags (comment_id, tag);
  `);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TABLE longdescs_tags');
}
