import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { Component, FlagType, Milestone, Product, Version } from '../../bugzilla/catalogue/types.js';
import { versionOrder } from '../../bugzilla/product/product-lists.js';
import type { FieldSelection } from '../method/field-selection.js';

type Json = Record<string, unknown>;

/** A flag type as Product.get shows it inside a component (group ids, not names). */
function flagTypeJson(type: FlagType): Json {
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    cc_list: type.ccList,
    sort_key: type.sortkey,
    is_active: type.isActive,
    is_requestable: type.isRequestable,
    is_requesteeble: type.isRequesteeble,
    is_multiplicable: type.isMultiplicable,
    grant_group: type.grantGroupId,
    request_group: type.requestGroupId,
  };
}

/** Keeps the members `fields` wants, each asked as a sub-field of `prefix` when there is one. */
function pick(all: Json, fields: FieldSelection, prefix?: string): Json {
  const kept: Json = {};
  for (const name of Object.keys(all)) if (fields.wants(name, 'default', prefix)) kept[name] = all[name];
  return kept;
}

function componentJson(
  component: Component,
  catalogue: Catalogue,
  loginOf: (id: number | null) => string,
  fields: FieldSelection,
  triage: boolean,
): Json {
  const all: Json = {
    id: component.id,
    name: component.name,
    description: component.description,
    default_assigned_to: loginOf(component.defaultAssignee),
    default_qa_contact: loginOf(component.defaultQaContact),
    // Always 0: there to match Bug.fields.
    sort_key: 0,
    is_active: component.isActive,
  };
  if (triage) {
    // BMO's: who triages its bugs ('' for nobody), and the type a new bug gets (BMO's default, defect).
    all.triage_owner = loginOf(component.triageOwner ?? null);
    all.default_bug_type = 'defect';
  }
  const json = pick(all, fields, 'components');
  if (fields.wants('flag_types', 'default', 'components')) {
    json.flag_types = {
      bug: catalogue.flagTypesFor('bug', component.productId, component.id).map(flagTypeJson),
      attachment: catalogue.flagTypesFor('attachment', component.productId, component.id).map(flagTypeJson),
    };
  }
  return json;
}

const versionJson = (version: Version, fields: FieldSelection) =>
  pick({ id: version.id, name: version.value, sort_key: 0, is_active: version.isActive }, fields, 'versions');

const milestoneJson = (milestone: Milestone, fields: FieldSelection) =>
  pick(
    { id: milestone.id, name: milestone.value, sort_key: milestone.sortkey, is_active: milestone.isActive },
    fields,
    'milestones',
  );

/** A product as 5.2's Product.get answers it: components by name, versions by version, milestones by sort key. */
export function productJson(
  product: Product,
  catalogue: Catalogue,
  loginOf: (id: number | null) => string,
  fields: FieldSelection,
  triage = false,
): Json {
  const json = pick(
    {
      id: product.id,
      name: product.name,
      description: product.description,
      is_active: product.isActive,
      default_milestone: product.defaultMilestone,
      has_unconfirmed: product.allowsUnconfirmed,
      classification: catalogue.classificationById(product.classificationId)?.name ?? '',
    },
    fields,
  );
  if (fields.wants('components')) {
    json.components = [...product.components]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((component) => componentJson(component, catalogue, loginOf, fields, triage));
  }
  if (fields.wants('versions')) {
    json.versions = [...product.versions]
      .sort((a, b) => versionOrder(a.value, b.value))
      .map((version) => versionJson(version, fields));
  }
  if (fields.wants('milestones')) {
    json.milestones = [...product.milestones]
      .sort((a, b) => a.sortkey - b.sortkey || versionOrder(a.value, b.value))
      .map((milestone) => milestoneJson(milestone, fields));
  }
  return json;
}

/** The users a product's components name (default assignees and QA contacts), each once. */
export function componentPeople(products: readonly Product[]): number[] {
  const ids = new Set<number>();
  for (const product of products) {
    for (const component of product.components) {
      if (component.defaultAssignee !== null) ids.add(component.defaultAssignee);
      if (component.defaultQaContact !== null) ids.add(component.defaultQaContact);
      if (component.triageOwner !== undefined && component.triageOwner !== null) ids.add(component.triageOwner);
    }
  }
  return [...ids];
}
