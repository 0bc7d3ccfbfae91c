/**
 * Suites that need a database this run does not have are skipped, and say so in their name, so that
 * the run ends with one summary of what was skipped and how to run it (skip-summary-reporter.ts)
 * instead of a banner per file.
 */
export const NEEDS = {
  PostgreSQL: {
    unless: 'TEST_DATABASE_URL is not set',
    how:
      "Run them with a throwaway cluster: `.ci/with-postgres npx vitest run <files>` (needs Debian's postgresql), " +
      'or set TEST_DATABASE_URL=postgres://USER@HOST:PORT/postgres (a role that may CREATE DATABASE).',
  },
  'PostgreSQL server binaries': {
    unless: 'no initdb was found (these start a server of their own)',
    how: "Install Debian's postgresql (or set PG_BINDIR), and run them under `.ci/with-postgres`.",
  },
  MariaDB: {
    unless: 'TEST_MYSQL_URL is not set',
    how:
      "Run them with a throwaway server: `.ci/with-mariadb npx vitest run <files>` (needs Debian's mariadb-server), " +
      'or set TEST_MYSQL_URL=mysql://USER@HOST:PORT/DB (a user that may CREATE DATABASE).',
  },
} as const;

export type Need = keyof typeof NEEDS;

const MARK = / \[skipped: needs ([^\]]+)\]$/;

/** The name a suite skipped for want of `need` goes by. */
export function skippedName(name: string, need: Need): string {
  return `${name} [skipped: needs ${need}]`;
}

/** What a suite's name says it was skipped for, if anything. */
export function needOf(name: string): Need | undefined {
  const need = MARK.exec(name)?.[1];
  return need !== undefined && need in NEEDS ? (need as Need) : undefined;
}
