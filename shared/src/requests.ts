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
  limit: z.array(z.number().int()).optional(),
  offset: z.array(z.number().int()).optional(),
  /**
   * Bugzilla's email chart (first row): a login, matched `equals` or as a substring, in the roles
   * given `'1'` (a bug matches when any of them does): how "the bugs I am involved in" is asked.
   */
  email1: z.array(z.string()).optional(),
  emailtype1: z.array(z.enum(['equals', 'substring'])).optional(),
  emailassigned_to1: z.array(z.literal('1')).optional(),
  emailreporter1: z.array(z.literal('1')).optional(),
  emailcc1: z.array(z.literal('1')).optional(),
  emailqa_contact1: z.array(z.literal('1')).optional(),
  /** One row of Bugzilla's custom search chart: field, operator, value (`requestees.login_name` `equals` a login). */
  f1: z.array(z.string()).optional(),
  o1: z.array(z.string()).optional(),
  v1: z.array(z.string()).optional(),
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

export type BugFieldsQuery = z.input<typeof bugFieldsQuerySchema>;
export type BugSearchQuery = z.input<typeof bugSearchQuerySchema>;
