import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * A change to a user's login, real name or enabled state (through any instance, the CLI or an
 * operator's SQL) notifies bzc_users_changed when it commits, so running instances stop sending
 * answers they made with the old names (Product.get's, kept between requests).
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE FUNCTION bzc_notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('bzc_users_changed', '');
      RETURN NULL;
    END $$;
    CREATE TRIGGER bzc_users_changed
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF login_name, realname, is_enabled, disabledtext ON profiles
      FOR EACH STATEMENT EXECUTE FUNCTION bzc_notify_users_changed();`);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TRIGGER bzc_users_changed ON profiles; DROP FUNCTION bzc_notify_users_changed();');
}
