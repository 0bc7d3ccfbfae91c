import { z } from 'zod';

/**
 * Response shapes of the Bugzilla REST methods this project speaks.
 * They are the single source of the API types (via z.infer) and the client's
 * check of untrusted responses, so the two can never drift apart.
 */

/** `YYYY-MM-DDThh:mm:ssZ`, the only datetime form Bugzilla's REST API emits. */
export const bugzillaTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

export const lastVisitSchema = z.object({
  id: z.number().int(),
  last_visit_ts: bugzillaTimestamp,
});

/** GET with ids answers `null` for bugs the caller never visited. */
export const lastVisitOrNeverSchema = z.object({
  id: z.number().int(),
  last_visit_ts: bugzillaTimestamp.nullable(),
});

export const versionSchema = z.object({ version: z.string() });

export const extensionsSchema = z.object({
  extensions: z.record(z.string(), z.object({ version: z.string() })),
});

export const timezoneSchema = z.object({ timezone: z.string() });

export const timeSchema = z.object({
  db_time: bugzillaTimestamp,
  web_time: bugzillaTimestamp,
  web_time_utc: bugzillaTimestamp,
  tz_name: z.string(),
  tz_short_name: z.string(),
  tz_offset: z.string(),
});

/** Every Bugzilla parameter value is a string (booleans are "0"/"1"). */
export const parametersSchema = z.object({
  parameters: z.record(z.string(), z.string()),
});

export const lastAuditTimeSchema = z.object({
  last_audit_time: bugzillaTimestamp.nullable(),
});

/** The contract's and 5.1's `login`; BMO's `nick`, `mfa_status`, `groups` and `uuid` (Bugzilla/WebService/User.pm). */
export const whoamiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  real_name: z.string().nullable().optional(),
  login: z.string().optional(),
  nick: z.string().optional(),
  mfa_status: z.boolean().optional(),
  groups: z.array(z.string()).optional(),
  uuid: z.string().optional(),
});

/** `GET /rest/login`: the token comes only when a password was checked (5.2). */
export const loginSchema = z.object({
  id: z.number().int(),
  token: z.string().optional(),
});

export const logoutSchema = z.object({ result: z.null() });

export const validLoginSchema = z.object({ result: z.boolean() });

export const errorBodySchema = z.object({
  error: z.literal(true),
  code: z.number().int(),
  message: z.string(),
  documentation: z.string().optional(),
});

export type LastVisit = z.infer<typeof lastVisitSchema>;
export type LastVisitOrNever = z.infer<typeof lastVisitOrNeverSchema>;
export type VersionResult = z.infer<typeof versionSchema>;
export type ExtensionsResult = z.infer<typeof extensionsSchema>;
export type TimezoneResult = z.infer<typeof timezoneSchema>;
export type TimeResult = z.infer<typeof timeSchema>;
export type ParametersResult = z.infer<typeof parametersSchema>;
export type LastAuditTimeResult = z.infer<typeof lastAuditTimeSchema>;
export type WhoamiResult = z.infer<typeof whoamiSchema>;
export type LoginResult = z.infer<typeof loginSchema>;
export type LogoutResult = z.infer<typeof logoutSchema>;
export type ValidLoginResult = z.infer<typeof validLoginSchema>;
export type BugzillaErrorBody = z.infer<typeof errorBodySchema>;

/** A user as Bug.get details one (`assigned_to_detail`, `cc_detail`, ...). */
export const userDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  real_name: z.string(),
  email: z.string().optional(),
  /** bugzilla.mozilla.org's users have a nick too (BMO's Bugzilla/User.pm nick), in every detail. */
  nick: z.string().optional(),
});

/**
 * A bug as Bug.get and Bug.search answer it. Every field is optional:
 * include_fields narrows the answer (even `id`), and trackers differ in what
 * they add. `alias` is a list since 5.1, a string (or null) in 5.0.
 */
export const bugSchema = z.looseObject({
  id: z.number().int().optional(),
  alias: z.union([z.array(z.string()), z.string(), z.null()]).optional(),
  summary: z.string().optional(),
  status: z.string().optional(),
  resolution: z.string().optional(),
  is_open: z.boolean().optional(),
  product: z.string().optional(),
  component: z.string().optional(),
  priority: z.string().optional(),
  severity: z.string().optional(),
  creator: z.string().optional(),
  creator_detail: userDetailSchema.partial().optional(),
  assigned_to: z.string().optional(),
  assigned_to_detail: userDetailSchema.partial().optional(),
  qa_contact: z.string().optional(),
  qa_contact_detail: userDetailSchema.partial().optional(),
  cc: z.array(z.string()).optional(),
  cc_detail: z.array(userDetailSchema.partial()).optional(),
  groups: z.array(z.string()).optional(),
  creation_time: bugzillaTimestamp.optional(),
  last_change_time: bugzillaTimestamp.optional(),
  is_creator_accessible: z.boolean().optional(),
  is_cc_accessible: z.boolean().optional(),
});

/** Bug.get: `faults` is always empty over REST (the first failing id fails the request). */
export const bugGetSchema = z.object({ bugs: z.array(bugSchema), faults: z.array(z.unknown()).optional() });

/** Bug.search: the visible bugs that match, by id. */
export const bugSearchSchema = z.object({ bugs: z.array(bugSchema) });

/** BMO's Bug.search with `count_only`: how many bugs match (its Bugzilla/WebService/Bug.pm search). */
export const bugCountSchema = z.object({ bug_count: z.number().int() });

/** One comment (Bug.comments); every field optional because include_fields narrows it. */
export const commentSchema = z.looseObject({
  id: z.number().int().optional(),
  bug_id: z.number().int().optional(),
  count: z.number().int().optional(),
  creator: z.string().optional(),
  time: bugzillaTimestamp.optional(),
  creation_time: bugzillaTimestamp.optional(),
  text: z.string().optional(),
  is_private: z.boolean().optional(),
  attachment_id: z.number().int().nullable().optional(),
  tags: z.array(z.string()).optional(),
});

/** Bug.comments: comments by bug id (numeric, as a string) and by comment id; the one not asked for is `{}`. */
export const bugCommentsSchema = z.object({
  bugs: z.record(z.string(), z.object({ comments: z.array(commentSchema) })),
  comments: z.record(z.string(), commentSchema),
});

export const historyChangeSchema = z.looseObject({
  field_name: z.string(),
  removed: z.string(),
  added: z.string(),
  attachment_id: z.number().int().optional(),
});

/** One change set: the fields one person changed at one moment. */
export const historyEntrySchema = z.object({
  when: bugzillaTimestamp,
  who: z.string(),
  changes: z.array(historyChangeSchema),
});

/** Bug.history: one entry per bug asked for, change sets oldest first. */
export const bugHistorySchema = z.object({
  bugs: z.array(
    z.looseObject({
      id: z.number().int(),
      alias: z.union([z.array(z.string()), z.string(), z.null()]).optional(),
      history: z.array(historyEntrySchema),
    }),
  ),
});

/** Bug.add_comment: the new comment's id. */
export const addCommentSchema = z.object({ id: z.number().int() });

/** Bug.update's answer: per bug, what changed (`{field: {removed, added}}`, texts as 5.2 gives them). */
export const bugUpdateSchema = z.object({
  bugs: z.array(
    z.object({
      id: z.number().int(),
      /** A list (5.1+); BMO's one string or null. */
      alias: z.union([z.array(z.string()), z.string(), z.null()]),
      last_change_time: bugzillaTimestamp,
      changes: z.record(z.string(), z.object({ removed: z.string(), added: z.string() })),
    }),
  ),
});

/** Bug.create's answer: the new bug's id. */
export const bugCreateSchema = z.object({ id: z.number().int() });

export type UserDetail = z.infer<typeof userDetailSchema>;
export type BugzillaBug = z.infer<typeof bugSchema>;
export type BugGetResult = z.infer<typeof bugGetSchema>;
export type BugSearchResult = z.infer<typeof bugSearchSchema>;
export type BugCountResult = z.infer<typeof bugCountSchema>;
export type BugComment = z.infer<typeof commentSchema>;
export type BugCommentsResult = z.infer<typeof bugCommentsSchema>;
export type HistoryChange = z.infer<typeof historyChangeSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type BugHistoryResult = z.infer<typeof bugHistorySchema>;
export type AddCommentResult = z.infer<typeof addCommentSchema>;
export type BugUpdateResult = z.infer<typeof bugUpdateSchema>;
export type BugCreateResult = z.infer<typeof bugCreateSchema>;
