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

export const whoamiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  real_name: z.string().nullable().optional(),
  login: z.string().optional(),
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
