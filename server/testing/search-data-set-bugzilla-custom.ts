import { customFieldDdl } from './bugzilla-ddl.js';
import type { SearchDataSet } from './search-data-set.js';

type Sql = (text: string, values?: unknown[]) => Promise<unknown>;
type Row = Record<string, unknown>;

/** A field's value as its bugs column takes it: a date/time as the session's wall time of the instant. */
const columnValue = (type: number, value: unknown) =>
  type === 5 && typeof value === 'string' ? { sql: '$1::timestamptz::timestamp', value } : { sql: '$1', value };

/**
 * The search data set's custom fields as Bugzilla::Field->create leaves them in a Bugzilla database
 * (fielddefs, the bugs column, a select's values table, a multiple-selection's bug_cf_… table, the
 * field's visibility), then each bug's values; after the catalogue and the bugs are in.
 */
export async function insertSearchDataSetCustomFields(sql: Sql, data: SearchDataSet): Promise<void> {
  const {
    fielddefs,
    field_visibility: visibility,
    values,
    bug_values: bugValues,
  } = data.custom_fields as Row & {
    fielddefs: Row[];
    field_visibility: Array<{ field: string; values: Array<{ id: number }> }>;
    values: Record<string, Row[]>;
    bug_values: Record<string, Row>;
  };
  for (const def of fielddefs) {
    await sql(
      `INSERT INTO fielddefs (id, name, description, long_desc, type, custom, sortkey, obsolete, enter_bug, mailhead,
         buglist, is_mandatory, is_numeric, reverse_desc, visibility_field_id, value_field_id)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11, $12, $13,
         (SELECT id FROM fielddefs WHERE name = $14), (SELECT id FROM fielddefs WHERE name = $15))`,
      [
        def.id,
        def.name,
        def.description,
        def.long_desc ?? '',
        def.type,
        def.sortkey,
        def.obsolete,
        def.enter_bug,
        def.mailhead,
        def.buglist,
        def.is_mandatory,
        def.is_numeric,
        def.reverse_desc,
        def.visibility_field,
        def.value_field,
      ],
    );
    for (const statement of customFieldDdl('postgres', def.name as string, def.type as number)) await sql(statement);
    for (const value of values[def.name as string] ?? []) {
      await sql(
        `INSERT INTO ${def.name} (id, value, sortkey, isactive, visibility_value_id) VALUES ($1, $2, $3, $4, $5)`,
        [value.id, value.value, value.sortkey, value.is_active ? 1 : 0, value.visibility_value_id],
      );
    }
    for (const shown of visibility.find((entry) => entry.field === def.name)?.values ?? []) {
      await sql('INSERT INTO field_visibility (field_id, value_id) VALUES ($1, $2)', [def.id, shown.id]);
    }
  }
  const types = new Map(fielddefs.map((def) => [def.name as string, def.type as number]));
  for (const [bugId, row] of Object.entries(bugValues)) {
    for (const [name, value] of Object.entries(row)) {
      const type = types.get(name) as number;
      if (type === 3) {
        for (const chosen of value as string[])
          await sql(`INSERT INTO bug_${name} (bug_id, value) VALUES ($1, $2)`, [Number(bugId), chosen]);
      } else if (value !== null) {
        const column = columnValue(type, value);
        await sql(`UPDATE bugs SET ${name} = ${column.sql} WHERE bug_id = $2`, [column.value, Number(bugId)]);
      }
    }
  }
}
