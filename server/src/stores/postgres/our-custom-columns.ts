import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import type { SqlValues } from './search-dialect.js';

/**
 * Our schema's custom values, as a search reads them: bugs.bzc_fields' `custom` object holds what a bug
 * set (custom-values.ts: a field at its default is left out), so the column 5.2 would hold is the value
 * there or the default of Field.pm's SQL_DEFINITIONS (NULL with `unsetIsNull`). The name is a
 * placeholder's value, never SQL text.
 */
export function ourCustomColumn(name: string, type: number, b: string, values: SqlValues, unsetIsNull = false): string {
  const text = `(${b}.bzc_fields->'custom'->>${values.add(name, 'text')})`;
  const orDefault = (sql: string, value: string) => (unsetIsNull ? sql : `COALESCE(${sql}, ${value})`);
  switch (type) {
    case FIELD_TYPE.multiSelect:
      return 'NULL';
    case FIELD_TYPE.singleSelect:
      return orDefault(text, "'---'");
    case FIELD_TYPE.datetime:
      // Epoch seconds, as our timestamp columns hold UTC.
      return `(to_timestamp(${text}::bigint) AT TIME ZONE 'UTC')`;
    case FIELD_TYPE.date:
      return `${text}::date`;
    case FIELD_TYPE.bugId:
      return `${text}::integer`;
    case FIELD_TYPE.integer:
      return orDefault(`${text}::integer`, '0');
    default:
      return orDefault(text, "''");
  }
}

/** The values a multiple-selection holds for `b`: its `custom` array, each a row. */
export function ourMultiSelectFrom(r: string, b: string, field: string, values: SqlValues): string {
  return `FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(${b}.bzc_fields->'custom'->${values.add(field, 'text')}) = 'array'
    THEN ${b}.bzc_fields->'custom'->${values.add(field, 'text')} ELSE '[]'::jsonb END) AS ${r}(value) WHERE TRUE`;
}
