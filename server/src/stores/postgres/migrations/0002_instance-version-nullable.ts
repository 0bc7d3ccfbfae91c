import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * An instance's version may be NULL since profiles: NULL means "the profile's own
 * version string" (InstanceSettings.version), so a fixture need not name one.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql('ALTER TABLE bzc_instance ALTER COLUMN version DROP NOT NULL');
}

/** Back to NOT NULL would fail on a NULL version; not offered. */
export const down = false;
