import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Attachments' flags are numbered from the same sequence as bugs' flags: it starts past the
 * highest id either has (0007 counted only the bugs' flags). The expression is written out here,
 * as a migration is not changed once it has run.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`SELECT setval('bzc_flag_ids', greatest((SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END FROM bzc_flag_ids), coalesce(greatest(
    (SELECT max((f->>'id')::integer) FROM bugs b, jsonb_array_elements(b.bzc_fields->'flags') f),
    (SELECT max((f->>'id')::integer) FROM attachments a, jsonb_array_elements(a.bzc_flags) f)), 0) + 1), false)`);
}

export function down(): void {}
