import type { Catalogue } from '../catalogue/catalogue.js';
import type { SelectFieldName } from '../catalogue/types.js';
import type { BugFields } from '../types.js';
import type { CustomField, CustomValues } from './custom-field.js';
import { customValue } from './custom-values.js';

/** What a bug holds (or a bug being filed holds so far): any of its fields, its custom values. */
export type BugValues = Partial<Omit<BugFields, 'custom'>> & { custom?: CustomValues | undefined };

/** The select fields whose values live in the catalogue's `fieldValues`, by Bugzilla's name. */
const ENUM_FIELDS: ReadonlySet<string> = new Set<SelectFieldName>([
  'priority',
  'bug_severity',
  'op_sys',
  'rep_platform',
  'resolution',
]);

/** The bug's own field of each standard select field that can control another (Bugzilla's name -> ours). */
const BUG_FIELD: Readonly<Record<string, keyof BugFields>> = {
  product: 'product',
  component: 'component',
  classification: 'classification',
  bug_status: 'status',
  resolution: 'resolution',
  priority: 'priority',
  bug_severity: 'severity',
  op_sys: 'op_sys',
  rep_platform: 'platform',
};

/**
 * The name of a select field's value by its id, for a field that controls another's visibility or
 * values (Bugzilla::Field::Choice->type($field)->new($id)): a product, component, classification,
 * status, one of the enum tables' values, or a custom select's value; undefined when there is none.
 */
export function choiceName(catalogue: Catalogue, field: string, id: number): string | undefined {
  if (field === 'product') return catalogue.productById(id)?.name;
  if (field === 'component') return catalogue.componentById(id)?.name;
  if (field === 'classification') return catalogue.classificationById(id)?.name;
  if (field === 'bug_status') return catalogue.data.statuses.find((status) => status.id === id)?.value;
  if (ENUM_FIELDS.has(field)) {
    return catalogue.values(field as SelectFieldName).find((value) => value.id === id)?.value;
  }
  return catalogue.customField(field)?.values.find((value) => value.id === id)?.value;
}

/** What the bug holds in a select field (Bugzilla's name): a name, a custom multiple-selection's names, or nothing. */
function bugChoice(catalogue: Catalogue, fields: BugValues, field: string): string | readonly string[] | undefined {
  const own = BUG_FIELD[field];
  if (own) return fields[own] as string | undefined;
  const custom = catalogue.customField(field);
  if (!custom) return undefined;
  return customValue(fields, custom) as string | readonly string[];
}

/**
 * Whether a value of `field` (by id) is set on the bug (Bugzilla::Field::ChoiceInterface::is_set_on_bug):
 * the bug's value has that name, or a multiple-selection holds it.
 */
function isChoiceSetOnBug(catalogue: Catalogue, fields: BugValues, field: string, id: number): boolean {
  const name = choiceName(catalogue, field, id);
  const value = bugChoice(catalogue, fields, field);
  if (name === undefined || value === undefined) return false;
  return typeof value === 'string' ? value === name : value.includes(name);
}

/**
 * Whether the field shows on the bug (Bugzilla::Field::is_visible_on_bug): always without a
 * visibility field, else when one of its visibility values is set on the bug. `fields` may be a
 * bug being filed: its product, component and custom values as checked so far.
 */
export function isVisibleOnBug(catalogue: Catalogue, field: CustomField, fields: BugValues): boolean {
  const controller = field.visibilityField;
  if (controller === null) return true;
  return field.visibilityValueIds.some((id) => isChoiceSetOnBug(catalogue, fields, controller, id));
}
