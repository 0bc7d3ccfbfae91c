import type { Catalogue } from '../catalogue/catalogue.js';
import { STANDARD_FIELDS, type StandardField } from './bug-fields.js';
import type { CustomField } from './custom-field.js';

/** One `fielddefs` row: a standard field of 5.2, or one of the tracker's custom fields. */
export type FieldDef = { custom: false; field: StandardField } | { custom: true; field: CustomField };

/**
 * A standard field's sortkey: checksetup.pl creates them in DEFAULT_FIELDS order, each at the
 * largest sortkey plus 100 (Bugzilla::Field::_check_sortkey), so a fresh 5.2's are 100, 200, ...
 */
const standardSortkey = (field: StandardField) => field.id * 100;

const STANDARD: readonly FieldDef[] = STANDARD_FIELDS.map((field) => ({ custom: false, field }));
const STANDARD_BY_ID = new Map(STANDARD.map((def) => [def.field.id, def]));
const STANDARD_BY_NAME = new Map(STANDARD.map((def) => [def.field.name, def]));

const sortkeyOf = (def: FieldDef) => (def.custom ? def.field.sortkey : standardSortkey(def.field));

/**
 * Every field in Bugzilla's order (Bugzilla::Field's LIST_ORDER: sortkey, then name), the custom
 * ones among the standard ones; obsolete custom fields only when asked for (Bug.fields lists
 * `Bugzilla->fields({obsolete => 0})`).
 */
export function fieldDefs(catalogue: Catalogue, withObsolete: boolean): readonly FieldDef[] {
  const custom = withObsolete ? catalogue.customFields() : catalogue.activeCustomFields();
  if (custom.length === 0) return STANDARD;
  const all: FieldDef[] = [...STANDARD, ...custom.map((field): FieldDef => ({ custom: true, field }))];
  return all.sort(
    (a, b) => sortkeyOf(a) - sortkeyOf(b) || (a.field.name < b.field.name ? -1 : a.field.name > b.field.name ? 1 : 0),
  );
}

/** A field by its `fielddefs` id. */
export function fieldDefById(catalogue: Catalogue, id: number): FieldDef | undefined {
  const standard = STANDARD_BY_ID.get(id);
  if (standard) return standard;
  const field = catalogue.customFieldById(id);
  return field ? { custom: true, field } : undefined;
}

/** A field by name in any letter case (Bugzilla::Field->check($name) matches names so). */
export function fieldDefByName(catalogue: Catalogue, name: string): FieldDef | undefined {
  const standard = STANDARD_BY_NAME.get(name.toLowerCase());
  if (standard) return standard;
  const field = catalogue.customField(name);
  return field ? { custom: true, field } : undefined;
}
