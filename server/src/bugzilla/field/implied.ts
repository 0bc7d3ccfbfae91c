import type { CatalogueData, FieldValue, Product, SelectFieldName } from '../catalogue/types.js';
import { typeKnownByItsFlag } from '../flag/type-known-by-its-flag.js';
import type { BugFields } from '../types.js';
import { bugzillaDefaultCatalogue, isOpenByDefault } from './bugzilla-defaults.js';

/** What a data set says without a catalogue of its own: its bugs, and the groups its users and bugs name. */
export interface CatalogueEvidence {
  bugs: ReadonlyArray<{ fields?: BugFields | undefined; groups: readonly string[]; assigned_to_id: number | null }>;
  groupNames: readonly string[];
  /** The tracker's first user (checksetup.pl's admin), who owns the default component. */
  firstUserId: number | null;
}

const BUG_FIELD_OF: ReadonlyArray<readonly [SelectFieldName, keyof BugFields]> = [
  ['priority', 'priority'],
  ['bug_severity', 'severity'],
  ['op_sys', 'op_sys'],
  ['rep_platform', 'platform'],
  ['resolution', 'resolution'],
];

const nextId = (items: ReadonlyArray<{ id: number }>) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;

/**
 * The catalogue of a data set that has none (fixtures and data files written before there was one):
 * a fresh 5.2's, plus every product, component, version, milestone, value, keyword and group its bugs
 * and users use, so that what a bug already says stays valid when it is next changed.
 */
export function impliedCatalogue(evidence: CatalogueEvidence): CatalogueData {
  return addImplied(bugzillaDefaultCatalogue(evidence.firstUserId), evidence);
}

/** Adds to `catalogue` what the data set's bugs and groups use and it lacks; returns it. */
export function addImplied(catalogue: CatalogueData, evidence: CatalogueEvidence): CatalogueData {
  for (const bug of evidence.bugs) {
    if (bug.fields) addBugFields(catalogue, bug.fields, bug.assigned_to_id ?? evidence.firstUserId);
  }
  const bugGroups = new Set(evidence.bugs.flatMap((bug) => bug.groups));
  addGroups(catalogue, bugGroups, true);
  addGroups(catalogue, evidence.groupNames, false);
  return catalogue;
}

/** Defines the groups a data set names that the catalogue does not define yet; returns whether it added any. */
export function addGroups(catalogue: CatalogueData, names: Iterable<string>, isBugGroup: boolean): boolean {
  let added = false;
  for (const name of names) {
    if (catalogue.groups.some((group) => group.name === name)) continue;
    const id = nextId(catalogue.groups);
    catalogue.groups.push({ id, name, description: name, isBugGroup, userRegexp: '', isActive: true, iconUrl: null });
    added = true;
  }
  return added;
}

function addBugFields(catalogue: CatalogueData, fields: BugFields, assignee: number | null): void {
  const product = productNamed(catalogue, fields.product, fields.classification);
  if (!product.components.some((component) => component.name === fields.component)) {
    product.components.push({
      id: nextId(catalogue.products.flatMap((p) => p.components)),
      productId: product.id,
      name: fields.component,
      description: fields.component,
      defaultAssignee: assignee,
      defaultQaContact: null,
      defaultCc: [],
      isActive: true,
    });
  }
  if (!product.versions.some((version) => version.value === fields.version)) {
    const id = nextId(catalogue.products.flatMap((p) => p.versions));
    product.versions.push({ id, productId: product.id, value: fields.version, isActive: true });
  }
  if (!product.milestones.some((milestone) => milestone.value === fields.target_milestone)) {
    const id = nextId(catalogue.products.flatMap((p) => p.milestones));
    product.milestones.push({ id, productId: product.id, value: fields.target_milestone, sortkey: 0, isActive: true });
  }
  for (const [field, bugField] of BUG_FIELD_OF) addValue(catalogue.fieldValues[field], String(fields[bugField]));
  if (!catalogue.statuses.some((status) => status.value === fields.status)) {
    // A status of an older workflow (NEW, ASSIGNED, REOPENED) is open; CLOSED is not.
    catalogue.statuses.push({ ...newValue(catalogue.statuses, fields.status), isOpen: isOpenByDefault(fields.status) });
  }
  for (const flag of fields.flags) {
    if (catalogue.flagTypes.some((type) => type.id === flag.type_id)) continue;
    // Only the flags say it exists.
    catalogue.flagTypes.push(typeKnownByItsFlag(flag, flag.name, 'everywhere'));
  }
  for (const name of fields.keywords) {
    if (catalogue.keywords.some((keyword) => keyword.name.toLowerCase() === name.toLowerCase())) continue;
    catalogue.keywords.push({ id: nextId(catalogue.keywords), name, description: name, isActive: true });
  }
}

function productNamed(catalogue: CatalogueData, name: string, classificationName: string): Product {
  const existing = catalogue.products.find((product) => product.name === name);
  if (existing) return existing;
  let classification = catalogue.classifications.find((c) => c.name === classificationName);
  if (!classification) {
    classification = { id: nextId(catalogue.classifications), name: classificationName, description: '', sortkey: 0 };
    catalogue.classifications.push(classification);
  }
  const product: Product = {
    id: nextId(catalogue.products),
    name,
    description: name,
    classificationId: classification.id,
    isActive: true,
    defaultMilestone: '---',
    allowsUnconfirmed: true,
    components: [],
    versions: [],
    milestones: [],
    groupControls: [],
  };
  catalogue.products.push(product);
  return product;
}

function newValue(values: readonly FieldValue[], value: string): FieldValue {
  const sortkey = values.reduce((max, entry) => Math.max(max, entry.sortkey), 0) + 100;
  return { id: nextId(values), value, sortkey, isActive: true, visibilityValueId: null };
}

function addValue(values: FieldValue[], value: string): void {
  if (!values.some((entry) => entry.value === value)) values.push(newValue(values, value));
}
