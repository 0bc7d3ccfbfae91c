import { z } from 'zod';
import {
  extensionsSchema,
  lastAuditTimeSchema,
  lastVisitOrNeverSchema,
  lastVisitSchema,
  parametersSchema,
  timeSchema,
  timezoneSchema,
  versionSchema,
  whoamiSchema,
} from './schemas.js';

/** A bug as a client may name it: its numeric id or its alias. */
export type BugRef = number | string;

/**
 * The one map of endpoint -> request and response. The server registers a
 * handler for every key (the compiler checks it has them all) and the client
 * builds its calls from the same keys.
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
} as const;

export type EndpointKey = keyof typeof endpoints;

/** What each endpoint takes, beyond the API key. */
export interface EndpointRequests {
  'POST /rest/bug_user_last_visit/{id}': { path: { id: BugRef }; body?: { ids?: BugRef[] } | null };
  'POST /rest/bug_user_last_visit': { body: { ids: BugRef[] } };
  'GET /rest/bug_user_last_visit/{id}': { path: { id: BugRef }; query?: { ids?: BugRef[] } };
  'GET /rest/bug_user_last_visit': { query?: { ids?: BugRef[] } };
  'GET /rest/version': Record<string, never>;
  'GET /rest/extensions': Record<string, never>;
  'GET /rest/timezone': Record<string, never>;
  'GET /rest/time': Record<string, never>;
  'GET /rest/parameters': Record<string, never>;
  'GET /rest/last_audit_time': { query?: { class?: string[] } };
  'GET /rest/whoami': Record<string, never>;
}

export type ResponseOf<K extends EndpointKey> = K extends 'GET /rest/parameters'
  ? { parameters: Record<string, string> }
  : z.infer<(typeof endpoints)[K]['response']>;

export type RequestOf<K extends EndpointKey> = EndpointRequests[K];

/** Splits an endpoint key into its HTTP method and path template. */
export function splitEndpoint(key: EndpointKey): { method: 'GET' | 'POST'; path: string } {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  return { method, path };
}
