import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { FieldValue, SelectFieldName } from '../../bugzilla/catalogue/types.js';
import { errors } from '../../bugzilla/errors.js';
import { FIELD_MAP, GLOBAL_SELECTS, PRODUCT_SPECIFIC_FIELDS } from '../../bugzilla/field/bug-fields.js';
import { isSelectType } from '../../bugzilla/field/custom-field.js';
import { byName, productsFor, versionOrder } from '../../bugzilla/product/product-lists.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps } from '../method/route.js';

/** Choice tables' order: sort key, then value (Bugzilla::Field::get_legal_field_values). */
export const bySortkey = <T extends { sortkey: number; value: string }>(a: T, b: T) =>
  a.sortkey - b.sortkey || byName(a.value, b.value);

const activeNames = (values: readonly FieldValue[]) =>
  values
    .filter((value) => value.isActive)
    .sort(bySortkey)
    .map((value) => value.value);

/**
 * Bug.legal_values: a select field's active values (5.2's `is_select, !is_abnormal` fields: the
 * standard enums and every custom drop-down and multiple-selection, obsolete ones too, named
 * exactly), or a product's components, versions or milestones.
 */
export function legalValues(request: ApiRequest, { store }: RouteDeps) {
  const [segment, productSegment] = (request.pathId ?? '').split('/');
  const path: Record<string, string> = {};
  if (segment) path.field = segment;
  if (productSegment) path.product_id = productSegment;
  const params = new MethodParams(request, path);
  const given = params.text('field');
  if (given === undefined) throw errors.paramRequired('field');
  const name = FIELD_MAP[given] ?? given;
  const { catalogue } = store;
  if (GLOBAL_SELECTS.has(name)) {
    const values = name === 'bug_status' ? catalogue.data.statuses : catalogue.values(name as SelectFieldName);
    return { values: activeNames(values) };
  }
  const custom = catalogue.customField(name);
  if (custom && custom.name === name && isSelectType(custom.type)) return { values: activeNames(custom.values) };
  if (!PRODUCT_SPECIFIC_FIELDS.has(name)) throw catalogueErrors.fieldUnusable(given);
  const id = params.text('product_id');
  if (id === undefined) throw catalogueErrors.productIdRequired();
  const orGroups = store.instance.parameters.or_groups === '1';
  const product = productsFor('accessible', request.user, catalogue, orGroups).find((p) => String(p.id) === id);
  if (!product) throw catalogueErrors.productIdAccessDenied(id);
  if (name === 'component') {
    return { values: [...product.components].sort((a, b) => byName(a.name, b.name)).map((c) => c.name) };
  }
  if (name === 'version') {
    return { values: [...product.versions].sort((a, b) => versionOrder(a.value, b.value)).map((v) => v.value) };
  }
  return {
    values: [...product.milestones]
      .sort((a, b) => a.sortkey - b.sortkey || versionOrder(a.value, b.value))
      .map((milestone) => milestone.value),
  };
}
