import { type CustomField, isCustomFieldType, isSelectType } from '../../bugzilla/field/custom-field.js';
import type { FieldValue } from '../../bugzilla/field/field-value.js';
import { isCustomFieldName } from './bugzilla-custom-columns.js';
import { flag, nullableText, num, text } from './row-values.js';
import type { SelectRows } from './select-rows.js';

/**
 * A custom field's name as Field.pm lets one be made (lowercase letters, digits, `_`): safe as the
 * name of its table and column in SQL. A field of another shape is not read (nor a type with no column).
 */
const isReadableCustomField = (name: string, type: number) => isCustomFieldName(name) && isCustomFieldType(type);

/**
 * The custom fields of a Bugzilla 5.x database (`fielddefs` rows with `custom`), with their
 * visibility values (`field_visibility`) and, for a select, its own table's values: SQL that
 * PostgreSQL and MySQL/MariaDB both run, for the import and for serving such a database alike.
 */
export async function readBugzillaCustomFields(select: SelectRows): Promise<CustomField[]> {
  const [rows, visibility] = await Promise.all([
    select(
      `SELECT f.id, f.name, f.type, f.description, f.long_desc, f.mailhead, f.sortkey, f.obsolete, f.enter_bug,
         f.buglist, f.reverse_desc, f.is_mandatory, f.is_numeric, vf.name AS visibility_field, cf.name AS value_field
       FROM fielddefs f LEFT JOIN fielddefs vf ON vf.id = f.visibility_field_id
         LEFT JOIN fielddefs cf ON cf.id = f.value_field_id
       WHERE f.custom = 1 ORDER BY f.sortkey, f.name`,
    ),
    select('SELECT field_id, value_id FROM field_visibility ORDER BY field_id, value_id'),
  ]);
  const readable = rows.filter((row) => isReadableCustomField(text(row.name), num(row.type)));
  return Promise.all(
    readable.map(async (row): Promise<CustomField> => {
      const id = num(row.id);
      const type = num(row.type) as CustomField['type'];
      return {
        id,
        name: text(row.name),
        description: text(row.description),
        longDesc: text(row.long_desc),
        type,
        sortkey: num(row.sortkey),
        obsolete: flag(row.obsolete),
        enterBug: flag(row.enter_bug),
        isMandatory: flag(row.is_mandatory),
        inNewBugmail: flag(row.mailhead),
        buglist: flag(row.buglist),
        isNumeric: flag(row.is_numeric),
        reverseDesc: nullableText(row.reverse_desc),
        visibilityField: nullableText(row.visibility_field),
        visibilityValueIds: visibility
          .filter((entry) => num(entry.field_id) === id)
          .map((entry) => num(entry.value_id)),
        valueField: nullableText(row.value_field),
        values: isSelectType(type) ? await selectValues(select, text(row.name)) : [],
      };
    }),
  );
}

/** A select's own table (Bugzilla/DB/Schema.pm FIELD_TABLE_SCHEMA), in its order: sortkey, then value. */
async function selectValues(select: SelectRows, table: string): Promise<FieldValue[]> {
  const rows = await select(
    `SELECT id, value, sortkey, isactive, visibility_value_id FROM ${table} ORDER BY sortkey, value`,
  );
  return rows.map((row) => ({
    id: num(row.id),
    value: text(row.value),
    sortkey: num(row.sortkey),
    isActive: flag(row.isactive),
    visibilityValueId:
      row.visibility_value_id === null || row.visibility_value_id === undefined ? null : num(row.visibility_value_id),
  }));
}
