import type { z } from 'zod';
import type { RequestOf } from './api.js';
import type { Caller, CallOptions as CatalogueCallOptions, FieldsOptions as CatalogueFields } from './call.js';
import type {
  componentCreateBodySchema,
  flagTypeCreateBodySchema,
  flagTypeUpdateBodySchema,
  groupCreateBodySchema,
  groupUpdateBodySchema,
  productCreateBodySchema,
  productTypeSchema,
  productUpdateBodySchema,
  userCreateBodySchema,
  userUpdateBodySchema,
} from './catalogue-api.js';

export type { CatalogueCallOptions, CatalogueFields };

function fields(options: CatalogueFields | undefined) {
  const query: { include_fields?: string[]; exclude_fields?: string[] } = {};
  if (options?.includeFields?.length) query.include_fields = [options.includeFields.join(',')];
  if (options?.excludeFields?.length) query.exclude_fields = [options.excludeFields.join(',')];
  return query;
}

type Body<S extends z.ZodType> = z.input<S>;

/** Product, Component and Classification methods. */
function productMethods(call: Caller) {
  return {
    /** Ids of the products the caller may search (`selectable`), file bugs in (`enterable`), or either. */
    ids: (kind: z.infer<typeof productTypeSchema>, options?: CatalogueCallOptions) =>
      call({ key: `GET /rest/product_${kind}` as const, options }),
    /** Product.get: by ids and names, or every product of the `types` lists. */
    get(
      which: { ids?: number[]; names?: string[]; types?: Array<z.infer<typeof productTypeSchema>> },
      select?: CatalogueFields,
      options?: CatalogueCallOptions,
    ) {
      const query = { ...fields(select), ids: which.ids, names: which.names, type: which.types };
      return call({ key: 'GET /rest/product', query, options });
    },
    create: (body: Body<typeof productCreateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'POST /rest/product', body, options }),
    update: (id: number | string, body: Body<typeof productUpdateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'PUT /rest/product/{id}', path: { id }, body, options }),
    createComponent: (body: Body<typeof componentCreateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'POST /rest/component', body, options }),
    /** Classification.get (the tracker must have `useclassification` on). */
    classification: (idOrName: number | string, select?: CatalogueFields, options?: CatalogueCallOptions) =>
      call({ key: 'GET /rest/classification/{id}', path: { id: idOrName }, query: fields(select), options }),
  };
}

/** Bug.fields and Bug.legal_values. */
function fieldMethods(call: Caller) {
  return {
    /** Every field, or those named. */
    get: (names?: string[], select?: CatalogueFields, options?: CatalogueCallOptions) =>
      call({ key: 'GET /rest/field/bug', query: { ...fields(select), names }, options }),
    /** A select field's values; a product's components, versions or milestones with `productId`. */
    legalValues(field: string, productId?: number, options?: CatalogueCallOptions) {
      if (productId === undefined)
        return call({ key: 'GET /rest/field/bug/{id}/values', path: { id: field }, options });
      return call({
        key: 'GET /rest/field/bug/{id}/{product_id}/values',
        path: { id: field, product_id: productId },
        options,
      });
    },
  };
}

function userMethods(call: Caller) {
  return {
    /** User.get: by ids, names (logins) or `match` strings (with `limit`); what the caller may see of them. */
    get: (which: NonNullable<RequestOf<'GET /rest/user'>['query']>, options?: CatalogueCallOptions) =>
      call({ key: 'GET /rest/user', query: which, options }),
    create: (body: Body<typeof userCreateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'POST /rest/user', body, options }),
    update: (idOrLogin: number | string, body: Body<typeof userUpdateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'PUT /rest/user/{id}', path: { id: idOrLogin }, body, options }),
    groups: (which: NonNullable<RequestOf<'GET /rest/group'>['query']> = {}, options?: CatalogueCallOptions) =>
      call({ key: 'GET /rest/group', query: which, options }),
    createGroup: (body: Body<typeof groupCreateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'POST /rest/group', body, options }),
    updateGroup: (
      idOrName: number | string,
      body: Body<typeof groupUpdateBodySchema>,
      options?: CatalogueCallOptions,
    ) => call({ key: 'PUT /rest/group/{id}', path: { id: idOrName }, body, options }),
  };
}

function flagTypeMethods(call: Caller) {
  return {
    /** The product's (or component's) flag types, with the statuses the caller may set. */
    get(product: string, component?: string, options?: CatalogueCallOptions) {
      if (component === undefined) return call({ key: 'GET /rest/flag_type/{id}', path: { id: product }, options });
      return call({ key: 'GET /rest/flag_type/{id}/{component}', path: { id: product, component }, options });
    },
    create: (body: Body<typeof flagTypeCreateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'POST /rest/flag_type', body, options }),
    update: (idOrName: number | string, body: Body<typeof flagTypeUpdateBodySchema>, options?: CatalogueCallOptions) =>
      call({ key: 'PUT /rest/flag_type/{id}', path: { id: idOrName }, body, options }),
  };
}

/** The client's catalogue, field, user, group and flag-type methods. */
export function catalogueMethods(call: Caller) {
  return {
    products: productMethods(call),
    fields: fieldMethods(call),
    users: userMethods(call),
    flagTypes: flagTypeMethods(call),
  };
}
