import type { CustomField, CustomValues } from '../../bugzilla/field/custom-field.js';
import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import { withCustomValue } from '../../bugzilla/field/custom-values.js';
import { flag, nullableNum, num, type Row, text } from './rows.js';
import type { BugzillaSource } from './source.js';

/*
 * bugzilla.mozilla.org's tracking flags (extensions/TrackingFlags/Extension.pm's schema): a flag
 * is a `tracking_flags` row (its fielddefs row has type 99 and no column in `bugs`), its values and
 * each value's setter group are `tracking_flags_values`, where it shows `tracking_flags_visibility`,
 * and a bug's value a `tracking_flags_bugs` row (none: '---'). Read as the drop-downs with rules
 * that a fixture's `tracking_flag` makes (field/tracking-flag-type.ts).
 */

/** The tracking flags, as custom fields with their rules; none in a database without BMO's extension. */
export async function readTrackingFlags(source: BugzillaSource): Promise<CustomField[]> {
  if (!(await source.tables()).has('tracking_flags')) return [];
  const [flags, values, visibility] = await Promise.all([
    source.select(
      `SELECT t.id, t.field_id, t.name, t.description, t.type, t.sortkey, t.enter_bug, t.is_active, f.mailhead
       FROM tracking_flags t LEFT JOIN fielddefs f ON f.id = t.field_id ORDER BY t.sortkey, t.name`,
    ),
    source.select(
      `SELECT id, tracking_flag_id, setter_group_id, value, sortkey, is_active FROM tracking_flags_values
       ORDER BY tracking_flag_id, sortkey, value`,
    ),
    source.select(
      'SELECT tracking_flag_id, product_id, component_id FROM tracking_flags_visibility ORDER BY tracking_flag_id, id',
    ),
  ]);
  const of = (rows: Row[], flagId: number) => rows.filter((row) => num(row.tracking_flag_id) === flagId);
  return flags.map((row): CustomField => {
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

/** The tracking flags' values of the bugs `within` picks, over the custom values read from `bugs`. */
export async function addTrackingValues(
  source: BugzillaSource,
  flags: readonly CustomField[],
  within: (column: string) => string,
  values: Map<number, CustomValues>,
): Promise<void> {
  if (flags.length === 0) return;
  const byName = new Map(flags.map((field) => [field.name, field]));
  const rows = await source.select(
    `SELECT b.bug_id, t.name, b.value FROM tracking_flags_bugs b JOIN tracking_flags t ON t.id = b.tracking_flag_id
     WHERE ${within('b.bug_id')} ORDER BY b.bug_id, t.name`,
  );
  for (const row of rows) {
    const field = byName.get(text(row.name));
    if (!field) continue;
    const bugId = num(row.bug_id);
    const next = withCustomValue(values.get(bugId), field, text(row.value));
    if (next) values.set(bugId, next);
    else values.delete(bugId);
  }
}
