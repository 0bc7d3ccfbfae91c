import { z } from 'zod';
import { renderCommentBodySchema, renderCommentSchema } from './bug-misc.js';
import { commentIdPathSchema } from './requests.js';
import { bugSearchSchema } from './schemas.js';

/*
 * bugzilla.mozilla.org's own endpoints (its extensions' REST resources and Mojo API routes), as the
 * shared endpoint map holds them: served under the `bmo` profile only, missing (32614) elsewhere.
 * Answers are checked for the members a client relies on; others pass through.
 */

/** A webhook as `GET /rest/webhooks/list` lists it (extensions/Webhooks/lib/API/V1/Webhooks.pm). */
export const webhookSchema = z.looseObject({
  id: z.number().int(),
  creator: z.string(),
  name: z.string(),
  url: z.string(),
  event: z.string(),
  product: z.string(),
  component: z.string(),
  enabled: z.boolean(),
  /** How many messages wait in its backlog. */
  errors: z.number().int(),
});

/** A user as BMO's `_user_to_hash` gives one with every field. */
export const bmoUserSchema = z.looseObject({
  id: z.number().int(),
  real_name: z.string(),
  nick: z.string(),
  name: z.string(),
  email: z.string().optional(),
});

/** Each reaction's users, in the order they reacted; `[]` (BMO's `return []`) for a comment that does not exist. */
export const commentReactionsSchema = z.union([z.record(z.string(), z.array(bmoUserSchema)), z.array(z.never())]);

export const commentReactionsBodySchema = z.object({
  add: z.array(z.string()).optional(),
  remove: z.array(z.string()).optional(),
});

/** A component in BMO's triage owners report: its owner's login ('' for none) and its untriaged bugs by type, and in all. */
export const triageOwnerSchema = z.object({
  triage_owner: z.string(),
  bug_counts: z.record(z.string(), z.number().int()),
});

/** One request as BMO's My Dashboard lists it (extensions/MyDashboard/lib/Queries.pm query_flags). */
export const flagQueryRowSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.string(),
  attach_id: z.number().int().nullable(),
  is_patch: z.boolean(),
  bug_id: z.number().int(),
  requester: z.string(),
  requestee: z.string(),
  updated: z.string(),
  updated_epoch: z.number().int(),
  updated_fancy: z.string(),
  bug_status: z.string(),
  bug_summary: z.string(),
});

/** A user as Review.flag_activity's `_user_to_hash` gives one (no `email`). */
const flagActivityUserSchema = z.looseObject({
  id: z.number().int(),
  real_name: z.string(),
  nick: z.string(),
  name: z.string(),
});

/** One flag change as BMO's Review.flag_activity lists it (extensions/Review/lib/WebService.pm _flag_activity_to_hash). */
export const flagActivitySchema = z.looseObject({
  id: z.number().int(),
  /** `YYYY-MM-DD HH:MM:SS`, as the column holds it. */
  creation_time: z.string(),
  type: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    type: z.string(),
    is_active: z.boolean(),
    is_requesteeble: z.boolean(),
    is_multiplicable: z.boolean(),
  }),
  setter: flagActivityUserSchema,
  requestee: flagActivityUserSchema.optional(),
  bug_id: z.number().int(),
  attachment_id: z.number().int().nullable(),
  /** `+`, `-`, `?`, or `X` for a flag cleared. */
  status: z.string(),
  /** Absent when the call named the flag (`flag_id`). */
  flag_id: z.number().int().optional(),
});

const flagActivityQuery = z.object({
  limit: z.array(z.string()).optional(),
  offset: z.array(z.string()).optional(),
  after: z.array(z.string()).optional(),
  before: z.array(z.string()).optional(),
});
const flagActivityAnswer = z.array(flagActivitySchema);
const pathValueSchema = z.object({ id: z.string() });

/** A suggested reviewer as BMO's Review.suggestions lists one (`name` is the real name). */
export const suggestedReviewerSchema = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  nick: z.string(),
  review_count: z.number().int(),
});
const suggestionsAnswer = z.array(suggestedReviewerSchema);
const suggestionsQuery = z.object({
  bug_id: z.array(z.string()).optional(),
  product: z.array(z.string()).optional(),
  component: z.array(z.string()).optional(),
});

const lastSeenEndpoint = {
  query: z.object({ days: z.array(z.string()).optional(), include_fields: z.array(z.string()).optional() }),
  /** Each bug as BMO's Bugzilla::Bug to_hash gives it. */
  response: z.object({ result: z.array(z.looseObject({ id: z.number().int(), summary: z.string() })) }),
};

export const bmoEndpoints = {
  /** BMO's SearchAPI: open bugs whose needinfo requestee was last seen more than `days` days ago. */
  'GET /rest/search/needinfo_last_seen': lastSeenEndpoint,
  /** BMO's SearchAPI: open bugs whose assignee was last seen more than `days` days ago. */
  'GET /rest/search/assignee_last_seen': lastSeenEndpoint,
  /** BMO's Review.suggestions: a bug's mentors, then its component's reviewers, else its product's. */
  'GET /rest/review/suggestions': { query: suggestionsQuery, response: suggestionsAnswer },
  /** By bug (digits) or product name. */
  'GET /rest/review/suggestions/{id}': { path: pathValueSchema, query: suggestionsQuery, response: suggestionsAnswer },
  'GET /rest/review/suggestions/{id}/{component}': {
    path: z.object({ id: z.string(), component: z.string() }),
    query: suggestionsQuery,
    response: suggestionsAnswer,
  },
  /** BMO's Review.flag_activity: flag changes in a window of dates (the last 30 days by default), by id. */
  'GET /rest/review/flag_activity': { query: flagActivityQuery, response: flagActivityAnswer },
  'GET /rest/review/flag_activity/{id}': {
    path: pathValueSchema,
    query: flagActivityQuery,
    response: flagActivityAnswer,
  },
  'GET /rest/review/flag_activity/requestee/{id}': {
    path: pathValueSchema,
    query: flagActivityQuery,
    response: flagActivityAnswer,
  },
  'GET /rest/review/flag_activity/setter/{id}': {
    path: pathValueSchema,
    query: flagActivityQuery,
    response: flagActivityAnswer,
  },
  'GET /rest/review/flag_activity/type_id/{id}': {
    path: pathValueSchema,
    query: flagActivityQuery,
    response: flagActivityAnswer,
  },
  'GET /rest/review/flag_activity/type_name/{id}': {
    path: pathValueSchema,
    query: flagActivityQuery,
    response: flagActivityAnswer,
  },
  'GET /rest/bug/comment/{id}/reactions': { path: commentIdPathSchema, response: commentReactionsSchema },
  'PUT /rest/bug/comment/{id}/reactions': {
    path: commentIdPathSchema,
    body: commentReactionsBodySchema,
    response: commentReactionsSchema,
  },
  /** Bug.render_comment, which BMO has as a REST resource too (5.2 over RPC only). */
  'POST /rest/bug/comment/render': { body: renderCommentBodySchema, response: renderCommentSchema },
  /** The caller's webhooks. */
  'GET /rest/webhooks/list': { response: z.object({ webhooks: z.array(webhookSchema) }) },
  /** The triage owners report, by product then component (extensions/BMO/lib/API/V1/Triage.pm). */
  /** Bug.possible_duplicates as BMO's REST resource: by `summary` or the summary of bug `id`. */
  'GET /rest/bug/possible_duplicates': { response: bugSearchSchema },
  'GET /rest/bmo/triage_owners': { response: z.record(z.string(), z.record(z.string(), triageOwnerSchema)) },
  /** BMO's My Dashboard requests of (`type=requestee`) or by (`requester`) the caller, by that type. */
  'GET /rest/mydashboard/run_flag_query': {
    query: z.object({ type: z.array(z.string()).optional() }),
    response: z.object({ result: z.record(z.string(), z.array(flagQueryRowSchema)) }),
  },
  /** BMO's User.suggest: up to 25 enabled users whose nick, login or real name begins with `match`. */
  'GET /rest/user/suggest': {
    query: z.object({ match: z.array(z.string()).optional() }),
    response: z.object({ users: z.array(bmoUserSchema) }),
  },
} as const;

export type BmoWebhook = z.infer<typeof webhookSchema>;
