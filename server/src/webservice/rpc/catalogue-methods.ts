import type { RpcMethod } from './rpc-method.js';

/**
 * The Product, Classification, Bug.fields / Bug.legal_values, User, Group and FlagType
 * methods, as XML-RPC and JSON-RPC call them (readOnly: 5.2's READ_ONLY lists).
 */
export const CATALOGUE_METHODS: Readonly<Record<string, RpcMethod>> = {
  'Product.get_accessible_products': { endpoint: 'GET /rest/product_accessible', params: 'query', readOnly: true },
  'Product.get_enterable_products': { endpoint: 'GET /rest/product_enterable', params: 'query', readOnly: true },
  'Product.get_selectable_products': { endpoint: 'GET /rest/product_selectable', params: 'query', readOnly: true },
  'Product.get': { endpoint: 'GET /rest/product', params: 'query', readOnly: true },
  'Classification.get': { endpoint: 'GET /rest/classification/{id}', params: 'query', readOnly: true },
  'Bug.fields': { endpoint: 'GET /rest/field/bug', params: 'query', readOnly: true },
  'Bug.legal_values': { endpoint: 'GET /rest/field/bug/{id}/values', params: 'query', readOnly: true },
  'User.get': { endpoint: 'GET /rest/user', params: 'query', readOnly: true },
  'Group.get': { endpoint: 'GET /rest/group', params: 'query', readOnly: true },
  // FlagType.pm declares no READ_ONLY list.
  'FlagType.get': { endpoint: 'GET /rest/flag_type/{id}', params: 'query', readOnly: false },
  'Product.create': { endpoint: 'POST /rest/product', params: 'body', readOnly: false },
  'Product.update': { endpoint: 'PUT /rest/product/{id}', params: 'body', readOnly: false },
  'Component.create': { endpoint: 'POST /rest/component', params: 'body', readOnly: false },
  'Group.create': { endpoint: 'POST /rest/group', params: 'body', readOnly: false },
  'Group.update': { endpoint: 'PUT /rest/group/{id}', params: 'body', readOnly: false },
  'FlagType.create': { endpoint: 'POST /rest/flag_type', params: 'body', readOnly: false },
  'User.create': { endpoint: 'POST /rest/user', params: 'body', readOnly: false },
  'User.update': { endpoint: 'PUT /rest/user/{id}', params: 'body', readOnly: false },
  'User.offer_account_by_email': {
    endpoint: 'POST /rpc/User.offer_account_by_email',
    params: 'body',
    readOnly: false,
    perlReturns: 'undef',
  },
  'FlagType.update': { endpoint: 'PUT /rest/flag_type/{id}', params: 'body', readOnly: false },
};
