import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { Classification } from '../../bugzilla/catalogue/types.js';
import { errors } from '../../bugzilla/errors.js';
import { inGroup } from '../../bugzilla/group/membership.js';
import { byName, productsFor } from '../../bugzilla/product/product-lists.js';
import { FieldSelection } from '../method/field-selection.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

/**
 * Classification.get: only with `useclassification` on (or for a member of
 * editclassifications); each classification with the products the caller may select.
 */
function get(request: ApiRequest, { store }: RouteDeps) {
  const params = MethodParams.idsOrNames(request);
  if (!params.has('ids') && !params.has('names')) throw errors.paramsRequired('Classification.get', ['names', 'ids']);
  const { catalogue } = store;
  const editor = inGroup(request.user, 'editclassifications', catalogue);
  if (store.instance.parameters.useclassification !== '1' && !editor) throw catalogueErrors.classificationDisabled();
  const found: Classification[] = [];
  for (const id of params.list('ids')) {
    const classification = /^\d+$/.test(id) ? catalogue.classificationById(Number(id)) : undefined;
    if (!classification) throw catalogueErrors.noSuchObject('classification', 'id', id);
    if (!found.includes(classification)) found.push(classification);
  }
  for (const name of params.list('names')) {
    const classification = catalogue.classification(name);
    if (!classification) throw catalogueErrors.noSuchObject('classification', 'name', name);
    if (!found.includes(classification)) found.push(classification);
  }
  const orGroups = store.instance.parameters.or_groups === '1';
  const selectable = editor
    ? [...catalogue.data.products].sort((a, b) => byName(a.name, b.name))
    : productsFor('selectable', request.user, catalogue, orGroups);
  const fields = FieldSelection.fromQuery(request.query);
  const pick = (all: Record<string, unknown>, prefix?: string) => {
    const kept: Record<string, unknown> = {};
    for (const name of Object.keys(all)) if (fields.wants(name, 'default', prefix)) kept[name] = all[name];
    return kept;
  };
  return {
    classifications: found
      .filter((classification) => editor || selectable.some((p) => p.classificationId === classification.id))
      .map((classification) =>
        pick({
          id: classification.id,
          name: classification.name,
          description: classification.description,
          sort_key: classification.sortkey,
          products: selectable
            .filter((product) => product.classificationId === classification.id)
            .map((product) =>
              pick({ id: product.id, name: product.name, description: product.description }, 'products'),
            ),
        }),
      ),
  };
}

export const classificationRoutes = {
  'GET /rest/classification/{id}': {
    rpc: { name: 'Classification.get', params: 'query', readOnly: true },
    codes: [
      [51, 'no such classification'],
      [900, 'classifications are not enabled'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: get,
  },
} satisfies { [K in 'GET /rest/classification/{id}']: RouteSpec<K> };
