import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Flag ids: one sequence for every flag, as 5.2's `flags.id` (the flags themselves stay in
 * `bugs.bzc_fields`), started past the highest id the bugs' flags already have.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql('CREATE SEQUENCE bzc_flag_ids');
  pgm.sql(`SELECT setval('bzc_flag_ids', coalesce(
    (SELECT max((f->>'id')::integer) FROM bugs b, jsonb_array_elements(b.bzc_fields->'flags') f), 0) + 1, false)`);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP SEQUENCE bzc_flag_ids');
}
