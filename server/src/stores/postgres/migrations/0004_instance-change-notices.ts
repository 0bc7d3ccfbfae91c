import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Every change to bzc_instance (import, admin reset, an operator's UPDATE) notifies the channel
 * bzc_instance_changed when it commits, so running instances re-read their cached settings
 * (instance-listener.ts) instead of serving stale ones until a restart.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE FUNCTION bzc_notify_instance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('bzc_instance_changed', '');
      RETURN NULL;
    END $$;
    CREATE TRIGGER bzc_instance_changed
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bzc_instance
      FOR EACH STATEMENT EXECUTE FUNCTION bzc_notify_instance_changed();`);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TRIGGER bzc_instance_changed ON bzc_instance; DROP FUNCTION bzc_notify_instance_changed();');
}
