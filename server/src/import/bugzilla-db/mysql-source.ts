import mysql from 'mysql2/promise';
import type { BugzillaSource } from './bugzilla-source.js';

/**
 * A Bugzilla database on MySQL or MariaDB, through mysql2 (pure JavaScript). Times are read as
 * epoch seconds computed by the server (UNIX_TIMESTAMP, in the session's zone: the server's, as
 * Bugzilla's own sessions), never as driver Date objects; text in utf8mb4, as Bugzilla 5.x keeps it.
 */
const READERS = 4;

export async function openMysqlSource(url: string): Promise<BugzillaSource> {
  const parsed = new URL(url.replace(/^mariadb:/i, 'mysql:'));
  // A few connections, so that the big tables are read at once: the server sorts one while we parse another.
  const connection = mysql.createPool({
    connectionLimit: READERS,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    charset: 'utf8mb4',
    dateStrings: true,
    supportBigNumbers: true,
    // Bugzilla's largest ids and counts fit a double; strings would have to be converted anyway.
    bigNumberStrings: false,
  });
  // Connect now, so that a wrong address or password fails here, in one line.
  (await connection.getConnection()).release();
  return {
    engine: 'mysql',
    async select(sql) {
      const [rows] = await connection.query({ sql, rowsAsArray: false });
      return rows as Array<Record<string, unknown>>;
    },
    epoch: (column) => `UNIX_TIMESTAMP(${column})`,
    dateText: (column) => `DATE_FORMAT(${column}, '%Y-%m-%d')`,
    async tables() {
      const [rows] = await connection.query(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
      );
      return new Set((rows as Array<{ name: string }>).map((row) => row.name.toLowerCase()));
    },
    async columns(table) {
      const [rows] = await connection.query(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?',
        [table],
      );
      return new Set((rows as Array<{ name: string }>).map((row) => row.name.toLowerCase()));
    },
    close: () => connection.end(),
  };
}
