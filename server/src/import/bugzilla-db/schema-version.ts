import type { BugzillaSource } from './source.js';

/** A database this import cannot read as a Bugzilla 5.x: said in one line, before anything is written. */
export class BugzillaImportError extends Error {
  override readonly name = 'BugzillaImportError';
}

/** Tables every Bugzilla has (Bugzilla/DB/Schema.pm): without them the database is something else. */
const BUGZILLA_TABLES = [
  'bz_schema',
  'bugs',
  'profiles',
  'longdescs',
  'bugs_activity',
  'fielddefs',
  'products',
  'attachments',
  'attach_data',
];
/** Tables Bugzilla 5.0 created (API keys, last visits, several aliases per bug, comment tags): older ones lack them. */
const SINCE_5_0 = ['user_api_keys', 'bug_user_last_visit', 'bugs_aliases', 'longdescs_tags'];
/** Tables of a Bugzilla after 5.2 (5.3's mail rate limits): a schema this import does not know. */
const AFTER_5_2 = ['email_rates'];
/** bz_schema.version: the format the abstract schema is stored in, 3.00 in every 5.x. */
const SCHEMA_FORMAT = 3;

/**
 * Refuses a database that is not a Bugzilla 5.0–5.2 (the schema is the same in all three), naming
 * what gave it away; the tables tell, since Bugzilla keeps no version of its own in the database.
 */
export async function checkBugzillaSchema(source: BugzillaSource, where: string): Promise<void> {
  const tables = await source.tables();
  const missing = BUGZILLA_TABLES.filter((table) => !tables.has(table));
  if (missing.length > 0) {
    throw new BugzillaImportError(`${where} is not a Bugzilla database (it has no ${missing.join(', ')} table)`);
  }
  const older = SINCE_5_0.filter((table) => !tables.has(table));
  if (older.length > 0) {
    throw new BugzillaImportError(
      `${where} is a Bugzilla older than 5.0 (it has no ${older.join(', ')} table): upgrade it with 5.x's checksetup.pl first`,
    );
  }
  const newer = AFTER_5_2.filter((table) => tables.has(table));
  if (newer.length > 0) {
    throw new BugzillaImportError(
      `${where} is a Bugzilla version this import does not know (its ${newer.join(', ')} table came after 5.2)`,
    );
  }
  const [row] = await source.select('SELECT version FROM bz_schema');
  if (row === undefined || Number(row.version) !== SCHEMA_FORMAT) {
    throw new BugzillaImportError(
      `${where} is a Bugzilla version this import does not know (bz_schema.version ${row ? String(row.version) : 'missing'}, 5.x writes ${SCHEMA_FORMAT}.00)`,
    );
  }
}
