import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { FieldValue, SelectFieldName } from '../../bugzilla/catalogue/types.js';
import { PRODUCT_SPECIFIC_FIELDS, type StandardField } from '../../bugzilla/field/bug-fields.js';
import { type FieldDef, fieldDefById, fieldDefByName, fieldDefs } from '../../bugzilla/field/field-defs.js';
import { byName, productsFor } from '../../bugzilla/product/product-lists.js';
import type { User } from '../../bugzilla/types.js';
import { FieldSelection } from '../method/field-selection.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';
import { customFieldJson } from './custom-field-json.js';
import { bySortkey, legalValues } from './legal-values.js';

type Json = Record<string, unknown>;

function choiceJson(value: FieldValue): Json {
  return { name: value.value, sort_key: value.sortkey, sortkey: value.sortkey, visibility_values: [] };
}

/** What Bug.fields lists as a field's `values`, from the store's catalogue. */
function valuesOf(field: StandardField, catalogue: Catalogue, user: User | undefined, orGroups: boolean): Json[] {
  const { data } = catalogue;
  if (PRODUCT_SPECIFIC_FIELDS.has(field.name)) {
    // User::can_see_product: the selectable products (no Mandatory group the user is outside of).
    const visible = new Set(productsFor('selectable', user, catalogue, orGroups).map((product) => product.id));
    const products = data.products.filter((product) => visible.has(product.id));
    const entry = (name: string, sortkey: number, product: string, isActive: boolean) => ({
      name,
      sort_key: sortkey,
      sortkey,
      visibility_values: [product],
      is_active: isActive,
    });
    if (field.name === 'component') {
      // Bugzilla::Component's LIST_ORDER: product id, then name.
      return products
        .flatMap((product) => product.components.map((component) => ({ component, product })))
        .sort((a, b) => a.product.id - b.product.id || byName(a.component.name, b.component.name))
        .map(({ component, product }) => entry(component.name, 0, product.name, component.isActive));
    }
    if (field.name === 'version') {
      return products
        .flatMap((product) => product.versions.map((version) => ({ version, product })))
        .sort((a, b) => a.version.id - b.version.id)
        .map(({ version, product }) => entry(version.value, 0, product.name, version.isActive));
    }
    return products
      .flatMap((product) => product.milestones.map((milestone) => ({ milestone, product })))
      .sort((a, b) => bySortkey(a.milestone, b.milestone) || a.milestone.id - b.milestone.id)
      .map(({ milestone, product }) => entry(milestone.value, milestone.sortkey, product.name, milestone.isActive));
  }
  if (field.name === 'bug_status') return statusValues(catalogue);
  if (field.name === 'keywords') {
    return [...data.keywords]
      .sort((a, b) => byName(a.name, b.name))
      .map((keyword) => ({ name: keyword.name, description: keyword.description }));
  }
  if (field.name === 'classification') {
    return [...data.classifications]
      .sort((a, b) => a.sortkey - b.sortkey || byName(a.name, b.name))
      .map((classification) =>
        choiceJson({
          id: classification.id,
          value: classification.name,
          sortkey: classification.sortkey,
          isActive: true,
          visibilityValueId: null,
        }),
      );
  }
  return [...catalogue.values(field.name as SelectFieldName)].sort(bySortkey).map(choiceJson);
}

/** Statuses with the moves the workflow allows, after a first entry (name null) for a new bug's. */
function statusValues(catalogue: Catalogue): Json[] {
  const statuses = [...catalogue.data.statuses].sort(bySortkey);
  const moves = (from: string | null) =>
    catalogue.data.workflow
      .filter((step) => step.from === from && step.to !== from)
      .map((step) => ({
        step,
        sortkey: catalogue.status(step.to)?.sortkey ?? 0,
      }))
      .sort((a, b) => a.sortkey - b.sortkey || byName(a.step.to, b.step.to))
      .map(({ step }) => ({ name: step.to, comment_required: step.requireComment }));
  return [
    { name: null, is_open: true, sort_key: 0, sortkey: 0, can_change_to: moves(null), visibility_values: [] },
    ...statuses.map((status) => ({
      name: status.value,
      is_open: status.isOpen,
      sort_key: status.sortkey,
      sortkey: status.sortkey,
      can_change_to: moves(status.value),
      visibility_values: [],
    })),
  ];
}

function hasValues(field: StandardField): boolean {
  return (
    (field.type === 2 && field.name !== 'product') ||
    PRODUCT_SPECIFIC_FIELDS.has(field.name) ||
    field.name === 'keywords'
  );
}

function standardFieldJson(
  field: StandardField,
  request: ApiRequest,
  { store }: RouteDeps,
  fields: FieldSelection,
): Json {
  const json: Json = {
    id: field.id,
    type: field.type,
    is_custom: false,
    name: field.name,
    display_name: field.displayName,
    is_mandatory: field.isMandatory,
    is_on_bug_entry: false,
    visibility_field: null,
    visibility_values: [],
  };
  if (hasValues(field)) {
    json.value_field = PRODUCT_SPECIFIC_FIELDS.has(field.name) ? 'product' : null;
    // Built only when asked for: the values of every product are the costly part.
    if (fields.wants('values')) {
      json.values = valuesOf(field, store.catalogue, request.user, store.instance.parameters.or_groups === '1');
    }
  }
  return json;
}

/** `ids` as Bugzilla::Field->check({id}) reads one: digits (52 otherwise), each a field's (51 otherwise). */
function fieldWithId(catalogue: Catalogue, given: string): FieldDef {
  const id = given.trim();
  if (!/^\d+$/.test(id)) throw catalogueErrors.fieldIdNotNumeric();
  const field = fieldDefById(catalogue, Number(id));
  if (!field) throw catalogueErrors.noSuchObject('field', 'id', id);
  return field;
}

/** Bug.fields: every field but obsolete ones, or those of `ids` then `names` (each once); an unknown one is an error. */
function fieldsOf(request: ApiRequest, deps: RouteDeps) {
  const { catalogue } = deps.store;
  const params = MethodParams.idsOrNames(request);
  let chosen: readonly FieldDef[] = fieldDefs(catalogue, false);
  if (params.has('ids') || params.has('names')) {
    const picked: FieldDef[] = [];
    for (const id of params.list('ids')) picked.push(fieldWithId(catalogue, id));
    for (const name of params.list('names')) {
      const field = fieldDefByName(catalogue, name.trim());
      if (!field) throw catalogueErrors.noSuchField(name);
      if (!picked.some((other) => other.field.id === field.field.id)) picked.push(field);
    }
    chosen = picked;
  }
  const fields = FieldSelection.fromQuery(request.query);
  return {
    fields: chosen.map((def) => {
      const json = def.custom
        ? customFieldJson(def.field, catalogue, fields.wants('values'))
        : standardFieldJson(def.field, request, deps, fields);
      const kept: Json = {};
      for (const name of Object.keys(json)) if (fields.wants(name)) kept[name] = json[name];
      return kept;
    }),
  };
}

type FieldKey =
  | 'GET /rest/field/bug'
  | 'GET /rest/field/bug/{id}'
  | 'GET /rest/field/bug/{id}/values'
  | 'GET /rest/field/bug/{id}/{product_id}/values';

export const fieldRoutes = {
  'GET /rest/field/bug': {
    rpc: { name: 'Bug.fields', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: fieldsOf,
  },
  'GET /rest/field/bug/{id}': {
    codes: [[51, 'no such field']],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: fieldsOf,
  },
  'GET /rest/field/bug/{id}/values': {
    rpc: { name: 'Bug.legal_values', params: 'query', readOnly: true },
    codes: [
      [50, 'product_id is required for this field'],
      [108, 'not a field with legal values'],
    ],
    auth: 'optional-unless-requirelogin',
    handle: legalValues,
  },
  'GET /rest/field/bug/{id}/{product_id}/values': {
    codes: [
      [106, 'no such product, or not accessible'],
      [108, 'not a field with legal values'],
    ],
    auth: 'optional-unless-requirelogin',
    handle: legalValues,
  },
} satisfies { [K in FieldKey]: RouteSpec<K> };
