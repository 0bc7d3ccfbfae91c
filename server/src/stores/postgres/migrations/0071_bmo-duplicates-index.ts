import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * An index on each bug's `dupe_of` (in `bugs.bzc_fields`), as Bugzilla's `duplicates` table has one
 * on `dupe_of`: BMO's Bug.get lists a bug's `duplicates` by default (Store.duplicatesOf).
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`CREATE INDEX bzc_bugs_dupe_of_idx ON bugs ((bzc_fields->>'dupe_of'))`);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP INDEX bzc_bugs_dupe_of_idx');
}
