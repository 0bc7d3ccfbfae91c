import { z } from 'zod';
import {
  addCommentSchema,
  bugCommentsSchema,
  bugGetSchema,
  bugHistorySchema,
  bugSearchSchema,
  extensionsSchema,
  lastAuditTimeSchema,
  lastVisitOrNeverSchema,
  lastVisitSchema,
  loginSchema,
  logoutSchema,
  parametersSchema,
  timeSchema,
  timezoneSchema,
  validLoginSchema,
  versionSchema,
  whoamiSchema,
} from './schemas.js';

/** A bug as a client may name it: its numeric id or its alias. */
export type BugRef = number | string;

/**
 * The one map of endpoint -> request and response. The server has a route for
 * every key (the compiler checks it has them all; a profile may leave some out,
 * as its tracker has them not) and the client builds its calls from the same keys.
 */
export const endpoints = {
  'POST /rest/bug_user_last_visit/{id}': {
    response: z.array(lastVisitSchema),
  },
  'POST /rest/bug_user_last_visit': {
    response: z.array(lastVisitSchema),
  },
  'GET /rest/bug_user_last_visit/{id}': {
    response: z.array(lastVisitOrNeverSchema),
  },
  'GET /rest/bug_user_last_visit': {
    response: z.array(lastVisitOrNeverSchema),
  },
  'GET /rest/version': { response: versionSchema },
  'GET /rest/extensions': { response: extensionsSchema },
  'GET /rest/timezone': { response: timezoneSchema },
  'GET /rest/time': { response: timeSchema },
  'GET /rest/parameters': { response: parametersSchema },
  'GET /rest/last_audit_time': { response: lastAuditTimeSchema },
  'GET /rest/whoami': { response: whoamiSchema },
  'GET /rest/login': { response: loginSchema },
  'GET /rest/logout': { response: logoutSchema },
  'GET /rest/valid_login': { response: validLoginSchema },
  'GET /rest/bug/{id}': { response: bugGetSchema },
  'GET /rest/bug': { response: bugSearchSchema },
  /** Bug.get of the query's `ids` only (5.2's route for `/bug/` with its trailing slash). */
  'GET /rest/bug/': { response: bugGetSchema },
  'GET /rest/bug/{id}/comment': { response: bugCommentsSchema },
  'GET /rest/bug/comment/{id}': { response: bugCommentsSchema },
  'POST /rest/bug/{id}/comment': { response: addCommentSchema },
  'GET /rest/bug/{id}/history': { response: bugHistorySchema },
} as const;

export type EndpointKey = keyof typeof endpoints;

/** An endpoint that takes nothing but the API key. */
interface NoRequestParts {
  path?: never;
  query?: never;
  body?: never;
}

/** What each endpoint takes, beyond the API key; the client's calls are typed by it. */
export interface EndpointRequests {
  'POST /rest/bug_user_last_visit/{id}': { path: { id: BugRef }; body?: { ids?: BugRef[] } | null };
  'POST /rest/bug_user_last_visit': { body: { ids: BugRef[] } };
  'GET /rest/bug_user_last_visit/{id}': { path: { id: BugRef }; query?: { ids?: BugRef[] } };
  'GET /rest/bug_user_last_visit': { query?: { ids?: BugRef[] } };
  'GET /rest/version': NoRequestParts;
  'GET /rest/extensions': NoRequestParts;
  'GET /rest/timezone': NoRequestParts;
  'GET /rest/time': NoRequestParts;
  'GET /rest/parameters': NoRequestParts;
  'GET /rest/last_audit_time': { query?: { class?: string[] } };
  'GET /rest/whoami': NoRequestParts;
  'GET /rest/login': { query: { login: string; password: string; restrict_login?: boolean } };
  'GET /rest/logout': NoRequestParts;
  'GET /rest/valid_login': { query: { login: string } };
  'GET /rest/bug/{id}': { path: { id: BugRef }; query?: BugFieldsQuery & { ids?: BugRef[] } };
  'GET /rest/bug': { query?: BugFieldsQuery & BugSearchQuery };
  'GET /rest/bug/': { query: BugFieldsQuery & { ids: BugRef[] } };
  'GET /rest/bug/{id}/comment': { path: { id: BugRef }; query?: BugFieldsQuery & { new_since?: string[] } };
  'GET /rest/bug/comment/{id}': { path: { id: number }; query?: BugFieldsQuery };
  'POST /rest/bug/{id}/comment': { path: { id: BugRef }; body: { comment: string; is_private?: boolean } };
  'GET /rest/bug/{id}/history': { path: { id: BugRef }; query?: { new_since?: string[] } };
}

/** include_fields / exclude_fields: names, `_default`, `_all`. */
export interface BugFieldsQuery {
  include_fields?: string[];
  exclude_fields?: string[];
}

/** The Bug.search criteria bz-companion answers; times are `YYYY-MM-DDThh:mm:ssZ` (changed/created at or after). */
export interface BugSearchQuery {
  id?: BugRef[];
  alias?: string[];
  product?: string[];
  component?: string[];
  status?: string[];
  resolution?: string[];
  priority?: string[];
  severity?: string[];
  summary?: string[];
  assigned_to?: string[];
  creator?: string[];
  last_change_time?: string[];
  creation_time?: string[];
  limit?: number[];
  offset?: number[];
  /**
   * Bugzilla's email chart (first row): a login, matched `equals` or as a substring, in the roles
   * given `'1'` (a bug matches when any of them does): how "the bugs I am involved in" is asked.
   */
  email1?: string[];
  emailtype1?: Array<'equals' | 'substring'>;
  emailassigned_to1?: Array<'1'>;
  emailreporter1?: Array<'1'>;
  emailcc1?: Array<'1'>;
  emailqa_contact1?: Array<'1'>;
}

export type ResponseOf<K extends EndpointKey> = z.infer<(typeof endpoints)[K]['response']>;

export type RequestOf<K extends EndpointKey> = EndpointRequests[K];

/** Splits an endpoint key into its HTTP method and path template. */
export function splitEndpoint(key: EndpointKey): { method: 'GET' | 'POST'; path: string } {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  return { method, path };
}
