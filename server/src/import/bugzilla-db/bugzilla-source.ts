import type { SelectRows } from '../../stores/bugzilla-db/bugzilla-catalogue.js';

/** The two engines a Bugzilla 5.x runs on that an import reads. */
export type BugzillaEngine = 'mysql' | 'postgres';

/**
 * A read-only session on a Bugzilla database, whichever its engine: SELECTs that both engines run,
 * plus the few expressions they spell differently.
 */
export interface BugzillaSource {
  engine: BugzillaEngine;
  select: SelectRows;
  /**
   * A wall-time column (Bugzilla's DATETIME / timestamp(0)) as epoch seconds. Bugzilla writes the
   * wall time of its database session, whose zone it never sets: the server's. The session here
   * is in that same zone, so the conversion reads the time as Bugzilla meant it.
   */
  epoch(column: string): string;
  /** A DATE column as `YYYY-MM-DD` text (a driver would make it a Date at some zone's midnight). */
  dateText(column: string): string;
  /** The names of the tables of the database (the schema Bugzilla uses), lower case. */
  tables(): Promise<Set<string>>;
  /** The names of one table's columns, lower case (a BMO database adds some to Bugzilla's tables). */
  columns(table: string): Promise<Set<string>>;
  close(): Promise<void>;
}

/** The engine a database URL names, or undefined when it names neither. */
export function engineOf(url: string): BugzillaEngine | undefined {
  if (/^(mysql|mariadb):\/\//i.test(url)) return 'mysql';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  return undefined;
}
