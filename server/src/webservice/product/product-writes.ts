import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import { errors } from '../../bugzilla/errors.js';
import { requireGroup } from '../../bugzilla/group/membership.js';
import { createComponent, createProduct, updateProducts } from '../../bugzilla/product/product-writes.js';
import { ownedData, type Store } from '../../bugzilla/store/store.js';
import { MethodParams } from '../method/method-params.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

/** The user a login names (Bugzilla::User->check: an unknown one is error 51), or null when none was given. */
async function userNamed(store: Store, login: string | undefined): Promise<number | null> {
  if (login === undefined || login.trim() === '') return null;
  const user = await store.userByLogin(login.trim());
  if (!user) throw catalogueErrors.noSuchUser(login.trim());
  return user.id;
}

const text = (params: MethodParams, name: string) => params.text(name);

function create(request: ApiRequest, { store }: RouteDeps) {
  requireGroup(currentUser(request), 'editcomponents', store.catalogue, 'add new', 'products');
  const params = new MethodParams(request);
  return ownedData(store, 'Creating a product').changeCatalogue(
    createProduct({
      name: text(params, 'name'),
      description: text(params, 'description'),
      version: text(params, 'version'),
      defaultMilestone: text(params, 'default_milestone'),
      hasUnconfirmed: params.flag('has_unconfirmed'),
      isOpen: params.flag('is_open'),
      classification: text(params, 'classification'),
      useClassification: store.instance.parameters.useclassification === '1',
    }),
  );
}

function update(request: ApiRequest, { store }: RouteDeps) {
  requireGroup(currentUser(request), 'editcomponents', store.catalogue, 'add, modify or delete', 'products');
  const params = MethodParams.idsOrNames(request);
  if (!params.has('ids') && !params.has('names')) throw errors.paramsRequired('Product.update', ['ids', 'names']);
  return ownedData(store, 'Changing a product').changeCatalogue(
    updateProducts(params.list('ids'), params.list('names'), {
      name: text(params, 'name'),
      description: text(params, 'description'),
      defaultMilestone: text(params, 'default_milestone'),
      isOpen: params.flag('is_open'),
      hasUnconfirmed: params.flag('has_unconfirmed'),
    }),
  );
}

async function createOne(request: ApiRequest, { store }: RouteDeps) {
  const user = currentUser(request);
  requireGroup(user, 'editcomponents', store.catalogue, 'add, modify or delete', 'components');
  const params = new MethodParams(request);
  const productName = text(params, 'product') ?? '';
  if (!store.catalogue.product(productName)) throw catalogueErrors.productAccessDenied(productName);
  const defaultAssignee = await userNamed(store, text(params, 'default_assignee'));
  const defaultQaContact = await userNamed(store, text(params, 'default_qa_contact'));
  const defaultCc: number[] = [];
  for (const login of params.list('default_cc')) defaultCc.push((await userNamed(store, login)) as number);
  return ownedData(store, 'Creating a component').changeCatalogue(
    createComponent({
      product: productName,
      name: text(params, 'name'),
      description: text(params, 'description'),
      defaultAssignee,
      defaultQaContact,
      defaultCc,
      isOpen: params.flag('is_open'),
    }),
  );
}

type ProductWriteKey = 'POST /rest/product' | 'PUT /rest/product/{id}' | 'POST /rest/component';

export const productWriteRoutes = {
  'POST /rest/product': {
    rpc: { name: 'Product.create', params: 'body', readOnly: false },
    codes: [
      [304, 'only editcomponents members may create products'],
      [700, 'name is required'],
      [701, 'the name is too long'],
      [702, 'the product already exists'],
      [703, 'description is required'],
      [704, 'version is required'],
    ],
    auth: 'required',
    successStatus: 201,
    handle: create,
  },
  'PUT /rest/product/{id}': {
    rpc: { name: 'Product.update', params: 'body', readOnly: false },
    codes: [
      [106, 'no such product, or not accessible'],
      [304, 'only editcomponents members may edit products'],
      [702, 'the product already exists'],
      [705, 'the default milestone does not exist'],
    ],
    auth: 'required',
    handle: update,
  },
  'POST /rest/component': {
    rpc: { name: 'Component.create', params: 'body', readOnly: false },
    codes: [
      [51, 'no such user'],
      [106, 'no such product, or not accessible'],
      [304, 'only editcomponents members may create components'],
      [1200, 'the product already has a component of that name'],
      [32000, 'a required field (description, default assignee) is blank'],
    ],
    auth: 'required',
    successStatus: 201,
    handle: createOne,
  },
} satisfies { [K in ProductWriteKey]: RouteSpec<K> };
