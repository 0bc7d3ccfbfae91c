import { type CustomField, FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import { isCustomFieldName } from './bugzilla-custom-columns.js';
import { flag, nullableNum, num, type Row, text } from './row-values.js';
import type { BugzillaTables, SelectRows } from './select-rows.js';

/*
 * bugzilla.mozilla.org's tracking flags (extensions/TrackingFlags/Extension.pm's schema): a flag
 * is a `tracking_flags` row (its fielddefs row has type 99 and no column in `bugs`), its values and
 * each value's setter group are `tracking_flags_values`, where it shows `tracking_flags_visibility`,
 * and a bug's value a `tracking_flags_bugs` row (none: '---'). Read as the drop-downs with rules
 * that a fixture's `tracking_flag` makes (field/tracking-flag-type.ts).
 */

/**
 * The tracking flags, as custom fields with their rules; none in a database without BMO's extension.
 * A flag whose name is not one Field.pm lets a custom field have is not read: its name becomes SQL
 * where its value is read (bugzilla-custom-sql.ts).
 */
export async function readTrackingFlags(select: SelectRows, schema: BugzillaTables): Promise<CustomField[]> {
  if (!(await schema.tables()).has('tracking_flags')) return [];
  const [flags, values, visibility] = await Promise.all([
    select(
      `SELECT t.id, t.field_id, t.name, t.description, t.type, t.sortkey, t.enter_bug, t.is_active, f.mailhead
       FROM tracking_flags t LEFT JOIN fielddefs f ON f.id = t.field_id ORDER BY t.sortkey, t.name`,
    ),
    select(
      `SELECT id, tracking_flag_id, setter_group_id, value, sortkey, is_active FROM tracking_flags_values
       ORDER BY tracking_flag_id, sortkey, value`,
    ),
    select(
      'SELECT tracking_flag_id, product_id, component_id FROM tracking_flags_visibility ORDER BY tracking_flag_id, id',
    ),
  ]);
  const of = (rows: Row[], flagId: number) => rows.filter((row) => num(row.tracking_flag_id) === flagId);
  return flags
    .filter((row) => isCustomFieldName(text(row.name)))
    .map((row): CustomField => {
      const flagId = num(row.id);
      const own = of(values, flagId);
      const setterGroupIds: Record<string, number> = {};
      for (const value of own) {
        const group = nullableNum(value.setter_group_id);
        if (group !== null) setterGroupIds[text(value.value)] = group;
      }
      return {
        id: num(row.field_id),
        name: text(row.name),
        description: text(row.description),
        longDesc: '',
        type: FIELD_TYPE.singleSelect,
        sortkey: num(row.sortkey),
        obsolete: !flag(row.is_active),
        enterBug: flag(row.enter_bug),
        isMandatory: false,
        inNewBugmail: flag(row.mailhead),
        buglist: true,
        isNumeric: false,
        reverseDesc: null,
        visibilityField: null,
        visibilityValueIds: [],
        valueField: null,
        values: own.map((value) => ({
          id: num(value.id),
          value: text(value.value),
          sortkey: num(value.sortkey),
          isActive: flag(value.is_active),
          visibilityValueId: null,
        })),
        tracking: {
          kind: text(row.type),
          visibility: of(visibility, flagId).map((shown) => ({
            productId: num(shown.product_id),
            componentId: nullableNum(shown.component_id),
          })),
          setterGroupIds,
        },
      };
    });
}
