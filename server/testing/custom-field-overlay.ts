import type pg from 'pg';
import type { Fixture } from '../src/import/fixture/fixture.js';
import { customFieldDdl } from './bugzilla-ddl.js';

/*
 * Custom fields of every type over the recorded data set, for the store contract: the same fields
 * and values given to a fixture (the file and our PostgreSQL stores load it) and written into a
 * Bugzilla 5.2 database as Bugzilla::Field->create and Bug->update would leave them.
 */

type FieldSpec = { id: number; name: string; type: number; description: string; more?: Record<string, unknown> };

const OVERLAY_FIELDS: readonly FieldSpec[] = [
  { id: 900, name: 'cf_build', type: 1, description: 'Build', more: { enter_bug: true } },
  { id: 901, name: 'cf_stage', type: 2, description: 'Stage', more: { values: ['design', 'testing', 'released'] } },
  { id: 902, name: 'cf_os', type: 3, description: 'Affected OS', more: { values: ['linux', 'windows'] } },
  { id: 903, name: 'cf_notes', type: 4, description: 'Notes' },
  { id: 904, name: 'cf_due', type: 5, description: 'Due' },
  { id: 905, name: 'cf_ship', type: 9, description: 'Ship date' },
  { id: 906, name: 'cf_regressed_by', type: 6, description: 'Regressed by' },
  { id: 907, name: 'cf_points', type: 10, description: 'Points' },
  { id: 908, name: 'cf_old', type: 1, description: 'Old reference', more: { obsolete: true } },
  {
    id: 909,
    name: 'cf_firmware',
    type: 1,
    description: 'Firmware',
    more: { mandatory: true, enter_bug: true, visibility_field: 'product', visibility_values: ['Gadgets'] },
  },
];

/**
 * BMO's TrackingFlags keep a tracking flag in tables of their own (tracking_flags, _visibility,
 * _values, _bugs) that a 5.2 database does not have: the fixture alone holds this one. It shows
 * on Widgets' Backend only; `fixed` is the admins' to say. `fix_later` is a value with an
 * underscore: the data file's snake_case keys must leave a flag's values (its setters' keys) alone.
 */
const TRACKING_FLAG = {
  id: 910,
  name: 'cf_status_widgets',
  type: 2,
  description: 'status-widgets',
  sort_key: 9100,
  values: ['affected', 'fix_later', 'fixed'],
  tracking_flag: {
    type: 'status',
    visibility: [{ product: 'Widgets', component: 'Backend' }],
    setters: { '---': 'editbugs', affected: 'editbugs', fix_later: 'editbugs', fixed: 'admin' },
  },
};

/** The values, as Bug.get names them, of the bugs that have any (bug 12 has none). */
const OVERLAY_VALUES: Readonly<Record<number, Record<string, unknown>>> = {
  7: {
    cf_build: '2026.11-b4',
    cf_stage: 'testing',
    cf_os: ['windows', 'linux'],
    cf_notes: 'Line one\r\nLine two',
    cf_due: '2026-12-24T18:30:00Z',
    cf_ship: '2027-01-15',
    cf_regressed_by: 8,
    cf_points: -3,
    cf_old: 'LEG-7',
  },
  10: { cf_firmware: 'fw-2.0.4', cf_stage: 'released', cf_os: ['linux'] },
};

/** The recorded data set's fixture with the custom fields and their values added, a tracking flag's too. */
export function withCustomFields(fixture: Fixture): Fixture {
  return {
    ...fixture,
    custom_fields: [
      ...OVERLAY_FIELDS.map(({ id, name, type, description, more }) => ({
        id,
        name,
        type,
        description,
        sort_key: id * 10,
        ...more,
      })),
      TRACKING_FLAG,
    ] as Fixture['custom_fields'],
    bugs: (fixture.bugs ?? []).map((bug) => ({
      ...bug,
      ...OVERLAY_VALUES[bug.id],
      ...(bug.id === 9 ? { [TRACKING_FLAG.name]: 'affected' } : {}),
    })),
  };
}

/** A value of the fixture's form as a SQL literal of its column (date/times as the session's wall time). */
function literal(client: pg.Client, type: number, value: unknown): string {
  if (type === 5) return `${client.escapeLiteral(String(value))}::timestamptz::timestamp`;
  if (typeof value === 'number') return String(value);
  return client.escapeLiteral(String(value));
}

/** The same fields and values in a Bugzilla 5.2 database (the recorded data set loaded: loadBugzilla), but the tracking flag. */
export async function addCustomFieldsToBugzilla(client: pg.Client): Promise<void> {
  await client.query(`INSERT INTO fielddefs (id, name, type, description, sortkey)
    SELECT 500, 'product', 2, 'Product', 400 WHERE NOT EXISTS (SELECT 1 FROM fielddefs WHERE name = 'product')`);
  for (const { id, name, type, description, more = {} } of OVERLAY_FIELDS) {
    await client.query(
      `INSERT INTO fielddefs (id, name, type, custom, description, sortkey, enter_bug, obsolete, is_mandatory, buglist,
         visibility_field_id)
       VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, 1, (SELECT id FROM fielddefs WHERE name = $9))`,
      [
        id,
        name,
        type,
        description,
        id * 10,
        more.enter_bug ? 1 : 0,
        more.obsolete ? 1 : 0,
        more.mandatory ? 1 : 0,
        more.visibility_field ?? null,
      ],
    );
    for (const statement of customFieldDdl('postgres', name, type)) await client.query(statement);
    const values = (more.values as string[] | undefined) ?? [];
    const all = type === 2 ? ['---', ...values] : values;
    for (const [index, value] of all.entries()) {
      await client.query(`INSERT INTO ${name} (value, sortkey) VALUES ($1, $2)`, [
        value,
        value === '---' ? 0 : (index + 1) * 100,
      ]);
    }
    for (const product of (more.visibility_values as string[] | undefined) ?? []) {
      await client.query(
        'INSERT INTO field_visibility (field_id, value_id) SELECT $1, id FROM products WHERE name = $2',
        [id, product],
      );
    }
  }
  for (const [bugId, values] of Object.entries(OVERLAY_VALUES)) {
    for (const [name, value] of Object.entries(values)) {
      const field = OVERLAY_FIELDS.find((spec) => spec.name === name) as FieldSpec;
      if (field.type === 3) {
        for (const chosen of value as string[]) {
          await client.query(`INSERT INTO bug_${name} (bug_id, value) VALUES ($1, $2)`, [Number(bugId), chosen]);
        }
      } else {
        await client.query(`UPDATE bugs SET ${name} = ${literal(client, field.type, value)} WHERE bug_id = $1`, [
          Number(bugId),
        ]);
      }
    }
  }
}
