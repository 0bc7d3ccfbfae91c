import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * `bzc_login_failures`: failed password logins (5.2's login_failure), kept in the database so that
 * every instance on it counts the same failures and a restart forgets none; they were in each
 * instance's memory. Epoch seconds on the server's clock (as `bzc_login_tokens.last_used`), so the
 * lock-out follows the same clock as the rest of the login. Expired rows are deleted as new failures
 * come (login-failure-table.ts); `failed_at`'s own index finds them.
 */
export function up(pgm: MigrationBuilder): void {
  pgm.sql(`
    CREATE TABLE bzc_login_failures (
      user_id integer NOT NULL REFERENCES profiles (userid) ON UPDATE CASCADE ON DELETE CASCADE,
      ip_addr text NOT NULL,
      failed_at bigint NOT NULL
    );
    CREATE INDEX bzc_login_failures_user_id_ip_addr_idx ON bzc_login_failures (user_id, ip_addr, failed_at);
    CREATE INDEX bzc_login_failures_failed_at_idx ON bzc_login_failures (failed_at);
  `);
}

export function down(pgm: MigrationBuilder): void {
  pgm.sql('DROP TABLE bzc_login_failures');
}
