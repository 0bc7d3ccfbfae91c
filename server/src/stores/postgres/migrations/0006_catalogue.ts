import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * The catalogue (products, components, field values, workflow, flag types, group definitions) as the
 * data file's `catalogue`, one document beside the instance settings it is read and refreshed with
 * (bzc_instance's trigger tells the other instances). NULL in a database written before: the store
 * then fills it from what its bugs imply when it opens.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql('ALTER TABLE bzc_instance ADD COLUMN catalogue jsonb');
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('ALTER TABLE bzc_instance DROP COLUMN catalogue');
}
