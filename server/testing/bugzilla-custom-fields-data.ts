import { customFieldDdl } from './bugzilla-ddl.js';
import type { BugzillaSqlSession, SqlValue } from './bugzilla-sql-session.js';

/** 2024-03-01T12:30:00Z, a custom date/time's value. */
export const DUE_TIME = Date.UTC(2024, 2, 1, 12, 30) / 1000;

/** The standard field `product` (the harness's fielddefs hold only the fields its history names). */
const PRODUCT_FIELD_ID = 7;

/**
 * One custom field of each type 5.2 has, as Bugzilla::Field->create makes them (a `fielddefs` row,
 * its column or tables, a drop-down's `---`): a free text shown only in product 2, an obsolete one, a
 * drop-down controlling a second one's visibility and values, a multiple-selection, a large text box,
 * a date/time, a date, a bug id and an integer.
 */
const FIELDS: ReadonlyArray<{ id: number; name: string; type: number; more?: Record<string, SqlValue> }> = [
  { id: 60, name: 'cf_build', type: 1, more: { enter_bug: 1, visibility_field_id: PRODUCT_FIELD_ID, is_mandatory: 1 } },
  { id: 61, name: 'cf_stage', type: 2, more: { enter_bug: 1 } },
  { id: 62, name: 'cf_os', type: 3 },
  { id: 63, name: 'cf_notes', type: 4 },
  { id: 64, name: 'cf_due', type: 5 },
  { id: 65, name: 'cf_ship', type: 9 },
  { id: 66, name: 'cf_regressed_by', type: 6, more: { reverse_desc: 'Regressions', is_numeric: 1 } },
  { id: 67, name: 'cf_points', type: 10 },
  { id: 68, name: 'cf_old', type: 1, more: { obsolete: 1 } },
  { id: 69, name: 'cf_phase', type: 2, more: { visibility_field_id: 61, value_field_id: 61 } },
];

/** The small tracker's custom fields (bugzilla-import-data.ts), their values, and bug 1's and 2's values. */
export async function writeSmallCustomFields(session: BugzillaSqlSession): Promise<void> {
  await session.insert(
    'fielddefs',
    ['id', 'name', 'type', 'description', 'sortkey'],
    [[PRODUCT_FIELD_ID, 'product', 2, 'Product', 400]],
  );
  const columns = ['id', 'name', 'type', 'custom', 'description', 'sortkey', 'enter_bug', 'obsolete', 'is_mandatory'];
  const extra = ['visibility_field_id', 'value_field_id', 'reverse_desc', 'is_numeric'];
  await session.insert(
    'fielddefs',
    [...columns, ...extra],
    FIELDS.map(({ id, name, type, more = {} }) => [
      id,
      name,
      type,
      1,
      `The ${name.slice(3)}`,
      (id - 59) * 100 + 5900,
      more.enter_bug ?? 0,
      more.obsolete ?? 0,
      more.is_mandatory ?? 0,
      ...extra.map((column) => more[column] ?? (column === 'is_numeric' ? 0 : null)),
    ]),
  );
  for (const { name, type } of FIELDS)
    for (const statement of customFieldDdl(session.engine, name, type)) await session.run(statement);
  const values = (table: string, rows: SqlValue[][]) =>
    session.insert(table, ['id', 'value', 'sortkey', 'isactive', 'visibility_value_id'], rows);
  await values('cf_stage', [
    [1, '---', 0, 1, null],
    [2, 'testing', 10, 1, null],
    [3, 'abandoned', 20, 0, null],
  ]);
  await values('cf_os', [
    [1, 'linux', 10, 1, null],
    [2, 'windows', 20, 1, null],
  ]);
  await values('cf_phase', [
    [1, '---', 0, 1, null],
    [2, 'unit', 10, 1, 2],
  ]);
  // cf_build shows in product 2 only; cf_phase while cf_stage is testing.
  await session.insert(
    'field_visibility',
    ['field_id', 'value_id'],
    [
      [60, 2],
      [69, 2],
    ],
  );
  await session.run(
    `UPDATE bugs SET cf_build = 'b-ü-1', cf_stage = 'testing', cf_notes = 'one\r\ntwo', cf_due = ${dueLiteral(session)},
       cf_ship = '2024-04-30', cf_regressed_by = 2, cf_points = -5, cf_old = 'LEG-1', cf_phase = 'unit' WHERE bug_id = 1`,
  );
  await session.insert(
    'bug_cf_os',
    ['bug_id', 'value'],
    [
      [1, 'windows'],
      [1, 'linux'],
      [2, 'linux'],
    ],
  );
}

/** DUE_TIME as the session's wall time, as Bugzilla's NOW() would have written it. */
function dueLiteral(session: BugzillaSqlSession): string {
  return session.engine === 'mysql' ? `FROM_UNIXTIME(${DUE_TIME})` : `to_timestamp(${DUE_TIME})::timestamp(0)`;
}
