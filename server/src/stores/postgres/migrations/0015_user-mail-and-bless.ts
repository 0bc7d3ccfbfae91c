import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * 5.2's `profiles.disable_mail` (User.get's `email_enabled`, User.update's `disable_mail` change).
 * Bless rights need no table: they are `user_group_map` rows with `isbless = 1`, as in 5.2.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql('ALTER TABLE profiles ADD COLUMN disable_mail smallint NOT NULL DEFAULT 0');
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('ALTER TABLE profiles DROP COLUMN disable_mail');
}
