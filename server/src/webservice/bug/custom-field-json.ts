import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { type CustomField, isSelectType } from '../../bugzilla/field/custom-field.js';
import { choiceName } from '../../bugzilla/field/field-controllers.js';
import { FIELD_TYPE_EXTENSION } from '../../bugzilla/field/tracking-flag-type.js';
import { bySortkey } from './legal-values.js';

type Json = Record<string, unknown>;

/** The names of a controlling field's values, by id (those that no longer exist left out, as 5.2's new_from_list does). */
function namesOf(catalogue: Catalogue, field: string | null, ids: readonly number[]): string[] {
  if (field === null) return [];
  const names: string[] = [];
  for (const id of ids) {
    const name = choiceName(catalogue, field, id);
    if (name !== undefined) names.push(name);
  }
  return names;
}

/**
 * A custom field as Bug.fields answers it (WebService/Bug.pm `fields`): its visibility field and
 * the values that show it; a select's `value_field` and every value, inactive ones too, each with
 * the value of `value_field` it is shown for.
 */
export function customFieldJson(field: CustomField, catalogue: Catalogue, wantsValues: boolean): Json {
  if (field.tracking) return trackingFlagJson(field);
  const json: Json = {
    id: field.id,
    type: field.type,
    is_custom: true,
    name: field.name,
    display_name: field.description,
    is_mandatory: field.isMandatory,
    is_on_bug_entry: field.enterBug,
    visibility_field: field.visibilityField,
    visibility_values: namesOf(catalogue, field.visibilityField, field.visibilityValueIds),
  };
  if (isSelectType(field.type)) {
    json.value_field = field.valueField;
    if (wantsValues) {
      json.values = [...field.values].sort(bySortkey).map((value) => ({
        name: value.value,
        sort_key: value.sortkey,
        sortkey: value.sortkey,
        visibility_values:
          value.visibilityValueId === null ? [] : namesOf(catalogue, field.valueField, [value.visibilityValueId]),
      }));
    }
  }
  return json;
}

/**
 * A tracking flag as BMO's Bug.fields answers it: its fielddefs row, of type FIELD_TYPE_EXTENSION,
 * which Field.pm's is_select does not count as a select, so no values (TrackingFlags/lib/Flag.pm create).
 */
function trackingFlagJson(field: CustomField): Json {
  return {
    id: field.id,
    type: FIELD_TYPE_EXTENSION,
    is_custom: true,
    name: field.name,
    display_name: field.description,
    is_mandatory: false,
    is_on_bug_entry: false,
    visibility_field: null,
    visibility_values: [],
  };
}
