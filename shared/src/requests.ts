import { z } from 'zod';

/**
 * What each endpoint takes besides the credentials: its path, query and body, as zod
 * schemas. The client's calls are typed by them (z.input) and the server's OpenAPI
 * description is generated from them, so the two cannot differ. A query parameter a
 * client may repeat is a list; one Bugzilla reads once is a scalar.
 */

/** A bug as a client may name it: its numeric id or its alias. */
export const bugRefSchema = z.union([z.number().int(), z.string()]);

export const bugIdPathSchema = z.object({ id: bugRefSchema });

export const commentIdPathSchema = z.object({ id: z.number().int() });

export const bugIdsQuerySchema = z.object({ ids: z.array(bugRefSchema).optional() });

/** include_fields / exclude_fields: names, `_default`, `_all` (comma-separated or repeated). */
export const bugFieldsQuerySchema = z.object({
  include_fields: z.array(z.string()).optional(),
  exclude_fields: z.array(z.string()).optional(),
});

/** The Bug.search criteria bz-companion answers; times are `YYYY-MM-DDThh:mm:ssZ` (changed/created at or after). */
export const bugSearchQuerySchema = z.object({
  id: z.array(bugRefSchema).optional(),
  alias: z.array(z.string()).optional(),
  product: z.array(z.string()).optional(),
  component: z.array(z.string()).optional(),
  status: z.array(z.string()).optional(),
  resolution: z.array(z.string()).optional(),
  priority: z.array(z.string()).optional(),
  severity: z.array(z.string()).optional(),
  summary: z.array(z.string()).optional(),
  assigned_to: z.array(z.string()).optional(),
  creator: z.array(z.string()).optional(),
  last_change_time: z.array(z.string()).optional(),
  creation_time: z.array(z.string()).optional(),
  /** BMO's: the component's triage owner (a login, matched as a substring), and the bug type (its bug_type). */
  triage_owner: z.array(z.string()).optional(),
  type: z.array(z.string()).optional(),
  /** BMO's: answer `{bug_count}`, every match counted, instead of the bugs. */
  count_only: z.array(z.string()).optional(),
  /** Read once (Search.pm's `limit` and `offset`): a number, not a list. */
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
  /**
   * Bugzilla's email chart (first row): a login, matched `equals` or as a substring, in the roles
   * given `'1'` (a bug matches when any of them does): how "the bugs I am involved in" is asked.
   */
  email1: z.array(z.string()).optional(),
  /** `equals` and `substring` are answered; 5.2 takes any of its operators. */
  emailtype1: z.array(z.string()).optional(),
  emailassigned_to1: z.array(z.literal('1')).optional(),
  emailreporter1: z.array(z.literal('1')).optional(),
  emailcc1: z.array(z.literal('1')).optional(),
  emailqa_contact1: z.array(z.literal('1')).optional(),
  /**
   * Custom search charts by flag (rows 1 and 2): `fN` the field (`requestees.login_name`,
   * `setters.login_name`, or `flagtypes.name`, the type's name followed by the status), `oN` the
   * operator (`equals`, `substring`, `anyexact`, `notequals`, …), `vN` the value: "a flag requested of me".
   */
  /** A chart's field: bz-companion answers the flag fields (`requestees.login_name`, `setters.login_name`, `flagtypes.name`); 5.2 takes any. */
  f1: z.array(z.string()).optional(),
  o1: z.array(z.string()).optional(),
  v1: z.array(z.string()).optional(),
  f2: z.array(z.string()).optional(),
  o2: z.array(z.string()).optional(),
  v2: z.array(z.string()).optional(),
});

export const newSinceQuerySchema = z.object({ new_since: z.array(z.string()).optional() });

export const visitUpdateBodySchema = z.object({ ids: z.array(bugRefSchema) });

/** The path form: a body is optional, and its `ids` replace the path's bug when present. */
export const visitUpdateOptionalBodySchema = z.object({ ids: z.array(bugRefSchema).optional() }).nullable();

export const lastAuditTimeQuerySchema = z.object({ class: z.array(z.string()).optional() });

export const loginQuerySchema = z.object({
  login: z.string(),
  password: z.string(),
  restrict_login: z.boolean().optional(),
});

export const validLoginQuerySchema = z.object({ login: z.string() });

export const addCommentBodySchema = z.object({ comment: z.string(), is_private: z.boolean().optional() });

/** `{add, remove}` (CC, groups, see_also), with `set` where 5.2 takes it (keywords, depends_on, blocks, alias). */
const addRemove = <T extends z.ZodType>(item: T) =>
  z.object({ add: z.array(item).optional(), remove: z.array(item).optional() });
const addRemoveSet = <T extends z.ZodType>(item: T) => addRemove(item).extend({ set: z.array(item).optional() });

/** A flag to set: an existing one by `id`, or one of a type (`name` or `type_id`; `new` for another of a multiplicable type). */
export const flagChangeSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().optional(),
  type_id: z.number().int().optional(),
  status: z.enum(['+', '-', '?', 'X']),
  requestee: z.string().optional(),
  new: z.boolean().optional(),
});

/** Bug.update (`PUT /rest/bug/{id}`): `ids` replace the path's bug when given, as in 5.2. */
export const bugUpdateBodySchema = z.object({
  ids: z.array(bugRefSchema).optional(),
  summary: z.string().optional(),
  product: z.string().optional(),
  component: z.string().optional(),
  version: z.string().optional(),
  target_milestone: z.string().optional(),
  priority: z.string().optional(),
  severity: z.string().optional(),
  op_sys: z.string().optional(),
  platform: z.string().optional(),
  url: z.string().optional(),
  whiteboard: z.string().optional(),
  status: z.string().optional(),
  resolution: z.string().optional(),
  dupe_of: z.number().int().optional(),
  assigned_to: z.string().optional(),
  qa_contact: z.string().optional(),
  reset_assigned_to: z.boolean().optional(),
  reset_qa_contact: z.boolean().optional(),
  is_cc_accessible: z.boolean().optional(),
  is_creator_accessible: z.boolean().optional(),
  cc: addRemove(z.string()).optional(),
  groups: addRemove(z.string()).optional(),
  see_also: addRemove(z.string()).optional(),
  keywords: addRemoveSet(z.string()).optional(),
  depends_on: addRemoveSet(z.number().int()).optional(),
  blocks: addRemoveSet(z.number().int()).optional(),
  alias: z.union([addRemoveSet(z.string()), z.string()]).optional(),
  /**
   * `body` is the comment's text; 5.2 takes the object whatever else it holds (python-bugzilla's
   * update_bugs(comment=…) sends `{"comment": {"comment": text}}`, which 5.2 accepts).
   */
  comment: z.looseObject({ body: z.string().optional(), is_private: z.boolean().optional() }).optional(),
  /** Existing comments made private (true) or public (false), by comment id; insiders only. */
  comment_is_private: z.record(z.string(), z.boolean()).optional(),
  flags: z.array(flagChangeSchema).optional(),
});

/** Bug.create (`POST /rest/bug`). */
export const bugCreateBodySchema = z.object({
  product: z.string(),
  component: z.string(),
  summary: z.string(),
  version: z.string(),
  op_sys: z.string().optional(),
  platform: z.string().optional(),
  description: z.string().optional(),
  comment_is_private: z.boolean().optional(),
  priority: z.string().optional(),
  severity: z.string().optional(),
  alias: z.union([z.array(z.string()), z.string()]).optional(),
  assigned_to: z.string().optional(),
  qa_contact: z.string().optional(),
  cc: z.array(z.string()).optional(),
  status: z.string().optional(),
  resolution: z.string().optional(),
  target_milestone: z.string().optional(),
  groups: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  depends_on: z.array(z.number().int()).optional(),
  blocks: z.array(z.number().int()).optional(),
  see_also: z.array(z.string()).optional(),
  url: z.string().optional(),
  whiteboard: z.string().optional(),
  flags: z.array(flagChangeSchema.omit({ id: true, new: true })).optional(),
});

export type BugFieldsQuery = z.input<typeof bugFieldsQuerySchema>;
export type BugSearchQuery = z.input<typeof bugSearchQuerySchema>;
