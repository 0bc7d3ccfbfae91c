import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { FlagScope, FlagType, Product } from '../../bugzilla/catalogue/types.js';
import { errors } from '../../bugzilla/errors.js';
import { isMember } from '../../bugzilla/group/membership.js';
import { byName } from '../../bugzilla/product/product-lists.js';
import type { User } from '../../bugzilla/types.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

const inGroupId = (user: User | undefined, id: number | null, catalogue: Catalogue) => {
  if (id === null) return true;
  const group = catalogue.groupById(id);
  return user !== undefined && group !== undefined && isMember(user, group);
};

/** The statuses the caller may give a new flag of this type: always X, `?` if they may ask, + and - if they may grant. */
function flagValues(type: FlagType, user: User | undefined, catalogue: Catalogue): string[] {
  const canSet = inGroupId(user, type.grantGroupId, catalogue);
  const values = ['X'];
  if (type.isRequestable && (canSet || inGroupId(user, type.requestGroupId, catalogue))) values.push('?');
  if (canSet) values.push('+', '-');
  return values;
}

/**
 * FlagType::match over a product (and a component): included there, and not excluded, where
 * an exclusion of one component counts against the product only for the inclusions of that component.
 */
function flagTypesOf(catalogue: Catalogue, product: Product, componentId: number | null): FlagType[] {
  const productFits = (scope: FlagScope) => scope.productId === null || scope.productId === product.id;
  return catalogue.data.flagTypes
    .filter((type) => {
      const inclusions = type.inclusions.filter(
        (scope) =>
          productFits(scope) &&
          (componentId === null || scope.componentId === null || scope.componentId === componentId),
      );
      return inclusions.some((inclusion) => !excludes(type.exclusions, inclusion, product.id, componentId));
    })
    .sort((a, b) => a.sortkey - b.sortkey || byName(a.name, b.name));
}

function excludes(
  exclusions: readonly FlagScope[],
  inclusion: FlagScope,
  productId: number,
  componentId: number | null,
) {
  return exclusions.some((exclusion) => {
    if (exclusion.productId === null)
      return componentId === null || exclusion.componentId === null || exclusion.componentId === componentId;
    if (exclusion.productId !== productId) return false;
    if (componentId !== null) return exclusion.componentId === null || exclusion.componentId === componentId;
    return exclusion.componentId === null || inclusion.componentId === exclusion.componentId;
  });
}

/** The components of one product an inclusion or exclusion list names ([''] for the whole product, as 5.2 marks it). */
function clusions(scopes: readonly FlagScope[], product: Product): string[] {
  const names: string[] = [];
  for (const scope of scopes) {
    if (scope.productId !== null && scope.productId !== product.id) continue;
    if (scope.componentId === null) return [''];
    const component = product.components.find((c) => c.id === scope.componentId);
    if (component) names.push(component.name);
  }
  return names;
}

export interface FlagTypeAnswer {
  id: number;
  name: string;
  [member: string]: unknown;
}

function flagTypeJson(type: FlagType, product: Product, user: User | undefined, catalogue: Catalogue): FlagTypeAnswer {
  const json: FlagTypeAnswer = {
    id: type.id,
    name: type.name,
    description: type.description,
    type: type.targetType,
    values: flagValues(type, user, catalogue),
    is_active: type.isActive,
    is_requesteeble: type.isRequesteeble,
    is_multiplicable: type.isMultiplicable,
  };
  const inclusions = clusions(type.inclusions, product);
  let exclusions = clusions(type.exclusions, product);
  if (inclusions.length > 0 && exclusions.length > 0) exclusions = [];
  if (inclusions.length > 0 && inclusions[0] !== '') json.inclusions = inclusions;
  if (exclusions.length > 0 && exclusions[0] !== '') json.exclusions = exclusions;
  return json;
}

/** FlagType.get: the product's (or component's) flag types, bug and attachment apart. */
function get(request: ApiRequest, { store }: RouteDeps) {
  const [productName, componentName] = (request.pathId ?? '').split('/');
  const path: Record<string, string> = {};
  if (productName) path.product = productName;
  if (componentName) path.component = componentName;
  const params = new MethodParams(request, path);
  const name = params.text('product');
  if (name === undefined) throw errors.paramRequired('product');
  const { catalogue } = store;
  const product = catalogue.product(name);
  if (!product) throw catalogueErrors.productAccessDenied(name);
  const componentWanted = params.text('component');
  let componentId: number | null = null;
  if (componentWanted) {
    const component = catalogue.component(product, componentWanted);
    if (!component) throw catalogueErrors.noSuchComponent(componentWanted, product.name);
    componentId = component.id;
  }
  const bug: FlagTypeAnswer[] = [];
  const attachment: FlagTypeAnswer[] = [];
  for (const type of flagTypesOf(catalogue, product, componentId)) {
    (type.targetType === 'bug' ? bug : attachment).push(flagTypeJson(type, product, request.user, catalogue));
  }
  return { bug, attachment };
}

type FlagTypeReadKey = 'GET /rest/flag_type/{id}' | 'GET /rest/flag_type/{id}/{component}';

export const flagTypeReadRoutes = {
  'GET /rest/flag_type/{id}': {
    // FlagType.pm declares no READ_ONLY list.
    rpc: { name: 'FlagType.get', params: 'query', readOnly: false },
    codes: [[106, 'no such product, or not accessible']],
    auth: 'optional-unless-requirelogin',
    handle: get,
  },
  'GET /rest/flag_type/{id}/{component}': {
    codes: [
      [51, 'no such component'],
      [106, 'no such product, or not accessible'],
    ],
    auth: 'optional-unless-requirelogin',
    handle: get,
  },
} satisfies { [K in FlagTypeReadKey]: RouteSpec<K> };
