import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';

/** A custom field's name as Field.pm's _check_name lets one be made: safe as a column or table name. */
const CUSTOM_NAME = /^cf_[a-z0-9_]+$/;

/**
 * A custom field's column in a Bugzilla database (bugs.cf_x, which holds its default where none was
 * set): the name comes from the catalogue's fields and is checked again here before it is SQL.
 */
export function bugzillaCustomColumn(name: string, type: number, b: string): string {
  if (type === FIELD_TYPE.multiSelect || !CUSTOM_NAME.test(name)) return 'NULL';
  return `${b}.${name}`;
}

/** A multiple-selection's values for `b`: its own table, bug_cf_x (Field.pm's _create_multiselect). */
export function bugzillaMultiSelectFrom(r: string, b: string, field: string): string {
  if (!CUSTOM_NAME.test(field)) return `FROM (SELECT NULL::text AS value) ${r} WHERE FALSE`;
  return `FROM bug_${field} ${r} WHERE ${r}.bug_id = ${b}.bug_id`;
}
