/** A SELECT on a Bugzilla database, whichever its engine: rows as plain objects. */
export type SelectRows = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** What tables and columns a Bugzilla database has (BMO adds tables and columns a 5.2 has not), lower case. */
export interface BugzillaTables {
  tables(): Promise<ReadonlySet<string>>;
  columns(table: string): Promise<ReadonlySet<string>>;
}
