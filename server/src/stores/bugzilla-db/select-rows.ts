/** A SELECT on a Bugzilla database, whichever its engine: rows as plain objects. */
export type SelectRows = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** Whether the database has a table of this name (BMO's extensions add tables a 5.2 has not). */
export type HasTable = (name: string) => Promise<boolean>;
