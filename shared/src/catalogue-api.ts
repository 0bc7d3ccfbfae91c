import { z } from 'zod';

/*
 * The endpoints around the bugs: products, components, classifications, fields, users,
 * groups and flag types (5.2's Product, Component, Classification, Bug.fields /
 * Bug.legal_values, User, Group and FlagType methods), as the shared endpoint map holds them.
 * Answers are checked for the members a client relies on; others pass through.
 */

const idOrName = z.union([z.number().int(), z.string()]);
const fieldsQuery = {
  include_fields: z.array(z.string()).optional(),
  exclude_fields: z.array(z.string()).optional(),
};
const pathId = z.object({ id: idOrName });

export const productTypeSchema = z.enum(['accessible', 'enterable', 'selectable']);

export const productGetQuerySchema = z.object({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  type: z.array(productTypeSchema).optional(),
  ...fieldsQuery,
});

export const productIdsSchema = z.object({ ids: z.array(z.number().int()) });

const flagTypeSummary = z.looseObject({ id: z.number().int(), name: z.string() });

export const componentSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  default_assigned_to: z.string().optional(),
  default_qa_contact: z.string().optional(),
  sort_key: z.number().int().optional(),
  is_active: z.boolean().optional(),
  flag_types: z.object({ bug: z.array(flagTypeSummary), attachment: z.array(flagTypeSummary) }).optional(),
});

const namedValue = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  sort_key: z.number().int().optional(),
  is_active: z.boolean().optional(),
});

export const productSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  is_active: z.boolean().optional(),
  default_milestone: z.string().optional(),
  has_unconfirmed: z.boolean().optional(),
  classification: z.string().optional(),
  components: z.array(componentSchema).optional(),
  versions: z.array(namedValue).optional(),
  milestones: z.array(namedValue).optional(),
});

export const productsSchema = z.object({ products: z.array(productSchema) });

export const createdSchema = z.object({ id: z.number().int() });

/** What an update changed, per object: `{field: {added, removed}}` (5.2's `changes`). */
const changesSchema = z.record(z.string(), z.object({ added: z.unknown(), removed: z.unknown() }));
const updatedSchema = z.looseObject({ id: z.number().int(), changes: changesSchema });

export const productCreateBodySchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  has_unconfirmed: z.boolean().optional(),
  classification: z.string().optional(),
  default_milestone: z.string().optional(),
  is_open: z.boolean().optional(),
  create_series: z.boolean().optional(),
});

export const productUpdateBodySchema = z.looseObject({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  default_milestone: z.string().optional(),
  is_open: z.boolean().optional(),
  has_unconfirmed: z.boolean().optional(),
});

export const componentCreateBodySchema = z.looseObject({
  product: z.string(),
  name: z.string(),
  description: z.string(),
  default_assignee: z.string(),
  default_qa_contact: z.string().optional(),
  default_cc: z.array(z.string()).optional(),
  is_open: z.boolean().optional(),
});

export const classificationsSchema = z.object({
  classifications: z.array(
    z.looseObject({
      id: z.number().int().optional(),
      name: z.string().optional(),
      description: z.string().optional(),
      sort_key: z.number().int().optional(),
      products: z.array(z.looseObject({ id: z.number().int().optional(), name: z.string().optional() })).optional(),
    }),
  ),
});

export const fieldsQuerySchema = z.object({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  ...fieldsQuery,
});

export const bugFieldSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  display_name: z.string().optional(),
  type: z.number().int().optional(),
  is_custom: z.boolean().optional(),
  is_mandatory: z.boolean().optional(),
  is_on_bug_entry: z.boolean().optional(),
  visibility_field: z.string().nullable().optional(),
  visibility_values: z.array(z.string()).optional(),
  value_field: z.string().nullable().optional(),
  values: z
    .array(
      z.looseObject({
        /** null where the value has none (5.2 answers keywords' and some custom fields' values so). */
        name: z.string().nullable(),
        sort_key: z.number().int().optional(),
        visibility_values: z.array(z.string()).optional(),
        is_open: z.boolean().optional(),
        can_change_to: z.array(z.object({ name: z.string(), comment_required: z.boolean() })).optional(),
      }),
    )
    .optional(),
});

export const bugFieldsSchema = z.object({ fields: z.array(bugFieldSchema) });

export const legalValuesSchema = z.object({ values: z.array(z.string()) });

export const userGetQuerySchema = z.object({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  match: z.array(z.string()).optional(),
  limit: z.number().int().optional(),
  group_ids: z.array(z.number().int()).optional(),
  groups: z.array(z.string()).optional(),
  include_disabled: z.boolean().optional(),
  ...fieldsQuery,
});

const groupSummary = z.looseObject({ id: z.number().int(), name: z.string(), description: z.string() });

export const userSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  real_name: z.string().optional(),
  email: z.string().optional(),
  can_login: z.boolean().optional(),
  email_enabled: z.boolean().optional(),
  login_denied_text: z.string().optional(),
  groups: z.array(groupSummary).optional(),
  saved_searches: z.array(z.unknown()).optional(),
  saved_reports: z.array(z.unknown()).optional(),
});

export const usersSchema = z.object({ users: z.array(userSchema) });

export const userCreateBodySchema = z.looseObject({
  email: z.string(),
  full_name: z.string().optional(),
  password: z.string().optional(),
});

/** `{add, remove, set}` of group names, as User.update takes `groups` and `bless_groups`. */
const groupChange = z.object({
  add: z.array(z.string()).optional(),
  remove: z.array(z.string()).optional(),
  set: z.array(z.string()).optional(),
});

export const userUpdateBodySchema = z.looseObject({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  full_name: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  email_enabled: z.boolean().optional(),
  login_denied_text: z.string().optional(),
  groups: groupChange.optional(),
  bless_groups: groupChange.optional(),
});

export const offerAccountBodySchema = z.object({ email: z.string() });

export const groupGetQuerySchema = z.object({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  membership: z.boolean().optional(),
  ...fieldsQuery,
});

export const groupsSchema = z.object({
  groups: z.array(
    z.looseObject({
      id: z.number().int().optional(),
      name: z.string().optional(),
      description: z.string().optional(),
      is_bug_group: z.boolean().optional(),
      user_regexp: z.string().optional(),
      is_active: z.boolean().optional(),
      membership: z.array(userSchema).optional(),
    }),
  ),
});

export const groupCreateBodySchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  user_regexp: z.string().optional(),
  is_active: z.boolean().optional(),
  icon_url: z.string().optional(),
});

export const groupUpdateBodySchema = z.looseObject({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  user_regexp: z.string().optional(),
  is_active: z.boolean().optional(),
  icon_url: z.string().optional(),
});

const flagTypeOfGet = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().optional(),
  type: z.enum(['bug', 'attachment']).optional(),
  is_active: z.boolean().optional(),
  is_requesteeble: z.boolean().optional(),
  is_multiplicable: z.boolean().optional(),
  values: z.array(z.string()).optional(),
});

export const flagTypesSchema = z.object({ bug: z.array(flagTypeOfGet), attachment: z.array(flagTypeOfGet) });

/** A product name, or `{product: [component, …]}`. */
const flagScope = z.union([z.string(), z.record(z.string(), z.array(z.string()))]);

export const flagTypeCreateBodySchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  target_type: z.string().optional(),
  inclusions: z.array(flagScope).optional(),
  exclusions: z.array(flagScope).optional(),
  is_active: z.boolean().optional(),
  is_requestable: z.boolean().optional(),
  is_requesteeble: z.boolean().optional(),
  is_multiplicable: z.boolean().optional(),
  grant_group: z.string().optional(),
  request_group: z.string().optional(),
  cc_list: z.string().optional(),
});

export const flagTypeUpdateBodySchema = flagTypeCreateBodySchema.partial().extend({
  ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
});

const productPath = z.object({ id: idOrName });

/** The catalogue's reads, spread into the shared endpoint map (api.ts). */
export const catalogueEndpoints = {
  'GET /rest/product_accessible': { response: productIdsSchema },
  'GET /rest/product_enterable': { response: productIdsSchema },
  'GET /rest/product_selectable': { response: productIdsSchema },
  'GET /rest/product': { query: productGetQuerySchema, response: productsSchema },
  'GET /rest/product/{id}': { path: productPath, query: productGetQuerySchema, response: productsSchema },
  'GET /rest/classification/{id}': {
    path: pathId,
    query: z.object(fieldsQuery),
    response: classificationsSchema,
  },
  'GET /rest/field/bug': { query: fieldsQuerySchema, response: bugFieldsSchema },
  'GET /rest/field/bug/{id}': { path: pathId, query: fieldsQuerySchema, response: bugFieldsSchema },
  'GET /rest/field/bug/{id}/values': { path: pathId, response: legalValuesSchema },
  'GET /rest/field/bug/{id}/{product_id}/values': {
    path: z.object({ id: z.string(), product_id: idOrName }),
    response: legalValuesSchema,
  },
  'GET /rest/user': { query: userGetQuerySchema, response: usersSchema },
  'GET /rest/user/{id}': { path: pathId, query: userGetQuerySchema, response: usersSchema },
  'GET /rest/group': { query: groupGetQuerySchema, response: groupsSchema },
  'GET /rest/flag_type/{id}': { path: pathId, response: flagTypesSchema },
  'GET /rest/flag_type/{id}/{component}': {
    path: z.object({ id: z.string(), component: z.string() }),
    response: flagTypesSchema,
  },
} as const;

/** The catalogue's writes, spread into the shared endpoint map (api.ts). */
export const catalogueWriteEndpoints = {
  'POST /rest/product': { body: productCreateBodySchema, response: createdSchema },
  'PUT /rest/product/{id}': {
    path: pathId,
    body: productUpdateBodySchema,
    response: z.object({ products: z.array(updatedSchema) }),
  },
  'POST /rest/component': { body: componentCreateBodySchema, response: createdSchema },
  'POST /rest/group': { body: groupCreateBodySchema, response: createdSchema },
  'PUT /rest/group/{id}': {
    path: pathId,
    body: groupUpdateBodySchema,
    response: z.object({ groups: z.array(updatedSchema) }),
  },
  'POST /rest/flag_type': { body: flagTypeCreateBodySchema, response: createdSchema },
  'PUT /rest/flag_type/{id}': {
    path: pathId,
    body: flagTypeUpdateBodySchema,
    response: z.object({ flagtypes: z.array(updatedSchema) }),
  },
} as const;

/** User.create, User.update and User.offer_account_by_email, spread into the shared endpoint map (api.ts). */
export const userWriteEndpoints = {
  'POST /rest/user': { body: userCreateBodySchema, response: createdSchema },
  'PUT /rest/user/{id}': {
    path: pathId,
    body: userUpdateBodySchema,
    response: z.object({ users: z.array(updatedSchema) }),
  },
  'POST /rpc/User.offer_account_by_email': { body: offerAccountBodySchema, response: z.object({}) },
} as const;
