import { bugzillaDefaultCatalogue } from '../src/bugzilla/field/bugzilla-defaults.js';
import type { BugzillaSqlSession } from './bugzilla-sql-session.js';

/*
 * BMO's TrackingFlags tables (extensions/TrackingFlags/Extension.pm db_schema_abstract_schema, in
 * SQL both engines run) over the small tracker (bugzilla-import-data.ts), with one flag: its
 * fielddefs row of type 99, shown on all of product 1 and on product 2's component 2, its values
 * with their setter groups, and bug 1's value. `fix_later` is a value with an underscore.
 */

const TABLES = ['tracking_flags_bugs', 'tracking_flags_visibility', 'tracking_flags_values', 'tracking_flags'];
export const TRACKING_FIELD_ID = 90;

const group = (name: string) => bugzillaDefaultCatalogue(1).groups.find((g) => g.name === name)?.id ?? 0;

export async function writeSmallTrackingFlags(session: BugzillaSqlSession): Promise<void> {
  await session.run(`CREATE TABLE tracking_flags (id INTEGER PRIMARY KEY, field_id INTEGER NOT NULL,
    name VARCHAR(64) NOT NULL, description VARCHAR(64) NOT NULL, type VARCHAR(64) NOT NULL,
    sortkey SMALLINT NOT NULL DEFAULT 0, enter_bug SMALLINT NOT NULL DEFAULT 1, is_active SMALLINT NOT NULL DEFAULT 1)`);
  await session.run(`CREATE TABLE tracking_flags_values (id INTEGER PRIMARY KEY, tracking_flag_id INTEGER NOT NULL,
    setter_group_id INTEGER, value VARCHAR(64) NOT NULL, sortkey SMALLINT NOT NULL DEFAULT 0,
    enter_bug SMALLINT NOT NULL DEFAULT 1, is_active SMALLINT NOT NULL DEFAULT 1, comment TEXT)`);
  await session.run(`CREATE TABLE tracking_flags_bugs (id INTEGER PRIMARY KEY, tracking_flag_id INTEGER NOT NULL,
    bug_id INTEGER NOT NULL, value VARCHAR(64) NOT NULL)`);
  await session.run(`CREATE TABLE tracking_flags_visibility (id INTEGER PRIMARY KEY, tracking_flag_id INTEGER NOT NULL,
    product_id SMALLINT NOT NULL, component_id SMALLINT)`);
  await session.insert(
    'fielddefs',
    ['id', 'name', 'type', 'custom', 'description', 'sortkey', 'mailhead'],
    [[TRACKING_FIELD_ID, 'cf_status_firefox120', 99, 1, 'status-firefox120', 9000, 1]],
  );
  await session.insert(
    'tracking_flags',
    ['id', 'field_id', 'name', 'description', 'type', 'sortkey', 'enter_bug', 'is_active'],
    [[1, TRACKING_FIELD_ID, 'cf_status_firefox120', 'status-firefox120', 'status', 9000, 1, 1]],
  );
  await session.insert(
    'tracking_flags_values',
    ['id', 'tracking_flag_id', 'setter_group_id', 'value', 'sortkey', 'is_active'],
    [
      [11, 1, group('editbugs'), '---', 0, 1],
      [12, 1, group('editbugs'), 'affected', 10, 1],
      [13, 1, group('editbugs'), 'fix_later', 20, 1],
      [14, 1, group('admin'), 'fixed', 30, 1],
      [15, 1, null, 'wontfix', 40, 0],
    ],
  );
  await session.insert(
    'tracking_flags_visibility',
    ['id', 'tracking_flag_id', 'product_id', 'component_id'],
    [
      [1, 1, 1, null],
      [2, 1, 2, 2],
    ],
  );
  await session.insert('tracking_flags_bugs', ['id', 'tracking_flag_id', 'bug_id', 'value'], [[1, 1, 1, 'affected']]);
}

/** The database as it was before: no TrackingFlags tables, no flag's fielddefs row. */
export async function dropSmallTrackingFlags(session: BugzillaSqlSession): Promise<void> {
  for (const table of TABLES) await session.run(`DROP TABLE ${table}`);
  await session.run(`DELETE FROM fielddefs WHERE id = ${TRACKING_FIELD_ID}`);
}

/** The groups the values' setters are, by name (as the import reads them back, by id). */
export const trackingSetterGroup = group;
