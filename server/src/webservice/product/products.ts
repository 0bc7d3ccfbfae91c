import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { Product } from '../../bugzilla/catalogue/types.js';
import { errors } from '../../bugzilla/errors.js';
import { type ProductListKind, productsFor } from '../../bugzilla/product/product-lists.js';
import type { Read } from '../../bugzilla/read.js';
import type { PreparedJson } from '../../http/prepared-json.js';
import { FieldSelection } from '../method/field-selection.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';
import { type ProductsAnswer, productsAnswer } from './product-answers.js';
import { productJson } from './product-json.js';

const KINDS: ReadonlySet<string> = new Set(['accessible', 'enterable', 'selectable']);

function list(kind: ProductListKind, request: ApiRequest, { store }: RouteDeps): Product[] {
  return productsFor(kind, request.user, store.catalogue, store.instance.parameters.or_groups === '1');
}

const ids = (kind: ProductListKind) => (request: ApiRequest, deps: RouteDeps) => ({
  ids: list(kind, request, deps).map((product) => product.id),
});

/**
 * Product.get: the accessible products (or those of the `type` lists), narrowed by `ids` and
 * `names` (names in any letter case); what matches nothing is simply left out.
 */
function get(request: ApiRequest, deps: RouteDeps): Read<PreparedJson<ProductsAnswer>> {
  const params = MethodParams.idsOrNames(request);
  if (!params.has('ids') && !params.has('names') && !params.has('type')) {
    throw errors.paramsRequired('Product.get', ['ids', 'names', 'type']);
  }
  let candidates: Product[];
  if (params.has('type')) {
    const chosen = new Map<number, Product>();
    for (const kind of params.list('type')) {
      if (!KINDS.has(kind)) throw catalogueErrors.productTypeInvalid(kind);
      for (const product of list(kind as ProductListKind, request, deps)) chosen.set(product.id, product);
    }
    candidates = [...chosen.values()];
  } else {
    candidates = list('accessible', request, deps);
  }
  const wantedIds = new Set(params.list('ids'));
  const wantedNames = new Set(params.list('names').map((name) => name.toLowerCase()));
  const requested =
    params.has('ids') || params.has('names')
      ? [
          ...candidates.filter((product) => wantedIds.has(String(product.id))),
          ...candidates.filter(
            (product) => !wantedIds.has(String(product.id)) && wantedNames.has(product.name.toLowerCase()),
          ),
        ]
      : candidates;
  const catalogue = deps.store.catalogue;
  const triage = deps.profile.objects.componentTriage;
  const selection = `${requested.map((product) => product.id).join(',')}|${request.query.getAll('include_fields').join(',')}|${request.query.getAll('exclude_fields').join(',')}|${triage}`;
  return productsAnswer(deps.store, requested, selection, (loginOf) => {
    const fields = FieldSelection.fromQuery(request.query);
    return { products: requested.map((product) => productJson(product, catalogue, loginOf, fields, triage)) };
  });
}

type ProductReadKey =
  | 'GET /rest/product_accessible'
  | 'GET /rest/product_enterable'
  | 'GET /rest/product_selectable'
  | 'GET /rest/product'
  | 'GET /rest/product/{id}';

export const productReadRoutes = {
  'GET /rest/product_accessible': {
    rpc: { name: 'Product.get_accessible_products', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    handle: ids('accessible'),
  },
  'GET /rest/product_enterable': {
    rpc: { name: 'Product.get_enterable_products', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    handle: ids('enterable'),
  },
  'GET /rest/product_selectable': {
    rpc: { name: 'Product.get_selectable_products', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    handle: ids('selectable'),
  },
  'GET /rest/product': {
    rpc: { name: 'Product.get', params: 'query', readOnly: true },
    codes: [
      [50, 'ids, names or type is required'],
      [32000, 'an unknown product type'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: get,
  },
  'GET /rest/product/{id}': { auth: 'optional-unless-requirelogin', fieldsApplied: true, handle: get },
} satisfies { [K in ProductReadKey]: RouteSpec<K> };
