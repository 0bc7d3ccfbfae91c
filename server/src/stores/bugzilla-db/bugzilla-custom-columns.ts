import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import { trackingFlagValueSql } from '../postgres/bugzilla-custom-sql.js';

/** A custom field's name as Field.pm's _check_name lets one be made: safe as a column or table name. */
const CUSTOM_NAME = /^cf_[a-z0-9_]+$/;

/** Whether a name is one Field.pm lets a custom field have (and so safe as SQL). */
export const isCustomFieldName = (name: string): boolean => CUSTOM_NAME.test(name);

/**
 * A custom field's column in a Bugzilla database (bugs.cf_x, which holds its default where none was
 * set): the name comes from the catalogue's fields and is checked again here before it is SQL. A BMO
 * tracking flag has no column: its tracking_flags_bugs row's value, '---' where there is none (or NULL,
 * `unsetIsNull`, for the operators that ask the row itself: search/bmo-terms.ts).
 */
export function bugzillaCustomColumn(
  field: { name: string; type: number; tracking: boolean },
  b: string,
  unsetIsNull: boolean,
): string {
  const { name, type } = field;
  if (type === FIELD_TYPE.multiSelect || !CUSTOM_NAME.test(name)) return 'NULL';
  if (field.tracking) {
    const value = trackingFlagValueSql(name, b);
    return unsetIsNull ? value : `COALESCE(${value}, '---')`;
  }
  return `${b}.${name}`;
}

/** A multiple-selection's values for `b`: its own table, bug_cf_x (Field.pm's _create_multiselect). */
export function bugzillaMultiSelectFrom(r: string, b: string, field: string): string {
  if (!CUSTOM_NAME.test(field)) return `FROM (SELECT NULL::text AS value) ${r} WHERE FALSE`;
  return `FROM bug_${field} ${r} WHERE ${r}.bug_id = ${b}.bug_id`;
}
