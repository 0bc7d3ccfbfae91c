import type { Catalogue } from '../catalogue/catalogue.js';
import { type CustomField, type CustomValue, type CustomValues, FIELD_TYPE } from '../field/custom-field.js';
import { withCustomValue } from '../field/custom-values.js';
import type { CreateCommand } from './create-command.js';
import { perlText } from './custom-field-checks.js';
import { type BugSoFar, checkCustomValue, checkMandatory, hasRepeat } from './custom-field-value.js';
import type { BugView } from './effect.js';
import { writeErrors } from './write-errors.js';

/**
 * Whether Bug->create takes a custom field of this name (Bugzilla's own, exactly): an active one has
 * its validator, an obsolete one its `bugs` column, which insert_create_data fills as given; an
 * obsolete multiple-selection has no column (53).
 */
export function takesCustomField(catalogue: Catalogue, name: string): boolean {
  const field = catalogue.customField(name);
  return field !== undefined && field.name === name && !(field.obsolete && field.type === FIELD_TYPE.multiSelect);
}

/** Which of Bug->create's validators run in a pass: those without a dependency (alphabetically among the
 * others, Object::_sort_by_dep), then those with a visibility field, which go after what they depend on. */
export type CustomPass = 'independent' | 'dependent';

/** The custom fields a new bug is given and their checked values, as the passes find them. */
export class NewCustomValues {
  values: CustomValues | undefined;
  /** The given values of each multiple-selection (a repeat is refused once the bug's id is taken). */
  readonly lists = new Map<CustomField, readonly string[]>();
  /** The checked value of each field given (what the mandatory check reads). */
  readonly checked = new Map<string, CustomValue>();
}

/**
 * One pass of Bug->create's custom-field validators over the fields the request names, in Bugzilla's
 * order (sortkey, then name): an obsolete field's value is stored as given (5.2 runs no validator for
 * it, its column takes it), an active one's checked by its type.
 */
export function checkNewCustomFields(
  command: CreateCommand,
  view: BugView,
  pass: CustomPass,
  into: NewCustomValues,
): void {
  const { params, catalogue, actor, parameters } = command;
  for (const field of catalogue.customFields()) {
    if (!Object.hasOwn(params, field.name) || (field.visibilityField === null) !== (pass === 'independent')) continue;
    // An obsolete multiple-selection is no parameter Bug->create takes (takesCustomField): refused after the checks.
    if (field.obsolete && field.type === FIELD_TYPE.multiSelect) continue;
    // A tracking flag is set once the bug is in (create-tracking-flags.ts), not by Bug->create's validators.
    if (field.tracking && !field.obsolete) continue;
    const given = params[field.name];
    let value: CustomValue;
    if (field.obsolete && (field.type === FIELD_TYPE.freetext || field.type === FIELD_TYPE.textarea)) {
      value = perlText(given) ?? '';
    } else if (field.obsolete && field.type === FIELD_TYPE.singleSelect && typeof given === 'string') {
      value = given;
    } else {
      value = checkCustomValue(field, given, { view, actor, parameters }).value;
    }
    into.checked.set(field.name, value);
    if (Array.isArray(value)) into.lists.set(field, value);
    into.values = withCustomValue(into.values, field, value);
  }
}

/** run_create_validators' last step: each mandatory field shown on the bug at entry (enter_bug, not obsolete) is set. */
export function checkNewMandatoryFields(catalogue: Catalogue, values: NewCustomValues, bug: BugSoFar): void {
  for (const field of catalogue.activeCustomFields()) {
    if (!field.enterBug) continue;
    checkMandatory(catalogue, field, values.checked.get(field.name), bug);
  }
}

/** What 5.2's inserts of the multiple-selections do once the bug's row is in: a value given twice dies. */
export function checkNewListsDistinct(values: NewCustomValues): void {
  for (const [field, list] of values.lists) {
    if (!hasRepeat(list)) continue;
    throw writeErrors.wrongShape(
      `DBD::Pg::db do failed: ERROR:  duplicate key value violates unique constraint "bug_${field.name}_bug_id_idx"\n`,
      field.name,
      'a list of distinct values',
    );
  }
}
