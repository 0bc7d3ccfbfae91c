import type { CustomField } from '../src/bugzilla/field/custom-field.js';

/** A catalogue's custom field for unit tests: a plain free-text field's settings, with what a test sets. */
export function customFieldRecord(
  field: Pick<CustomField, 'id' | 'name' | 'type'> & Partial<CustomField>,
): CustomField {
  return {
    description: field.name,
    longDesc: '',
    sortkey: 6000,
    obsolete: false,
    enterBug: false,
    isMandatory: false,
    inNewBugmail: false,
    buglist: true,
    isNumeric: false,
    reverseDesc: null,
    visibilityField: null,
    visibilityValueIds: [],
    valueField: null,
    values: [],
    ...field,
  };
}
