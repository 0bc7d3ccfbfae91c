import { type ZodType, z } from 'zod';
import {
  addAttachmentBodySchema,
  addAttachmentSchema,
  attachmentIdPathSchema,
  attachmentsQuerySchema,
  bugAttachmentsSchema,
  updateAttachmentBodySchema,
  updateAttachmentSchema,
} from './attachments.js';
import { bmoEndpoints } from './bmo-api.js';
import {
  commentTagsBodySchema,
  commentTagsPathSchema,
  possibleDuplicatesBodySchema,
  RPC_ONLY_PREFIX,
  renderCommentBodySchema,
  renderCommentSchema,
  tagListSchema,
  tagQueryPathSchema,
  tagSearchQuerySchema,
  updateSeeAlsoBodySchema,
  updateSeeAlsoSchema,
  updateTagsBodySchema,
  updateTagsSchema,
} from './bug-misc.js';
import { catalogueEndpoints, catalogueWriteEndpoints, userWriteEndpoints } from './catalogue-api.js';
import {
  addCommentBodySchema,
  bugCreateBodySchema,
  bugFieldsQuerySchema,
  bugIdPathSchema,
  bugIdsQuerySchema,
  bugRefSchema,
  bugSearchQuerySchema,
  bugUpdateBodySchema,
  commentIdPathSchema,
  lastAuditTimeQuerySchema,
  loginQuerySchema,
  newSinceQuerySchema,
  validLoginQuerySchema,
  visitUpdateBodySchema,
  visitUpdateOptionalBodySchema,
} from './requests.js';
import {
  addCommentSchema,
  bugCommentsSchema,
  bugCountSchema,
  bugCreateSchema,
  bugGetSchema,
  bugHistorySchema,
  bugSearchSchema,
  bugUpdateSchema,
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
export type BugRef = z.input<typeof bugRefSchema>;

const bugQuery = bugFieldsQuerySchema.extend(bugIdsQuerySchema.shape);

/**
 * The one map of endpoint -> request and response. The server has a route for
 * every key (the compiler checks it has them all; a profile may leave some out,
 * as its tracker has them not) and the client builds its calls from the same keys.
 * `path`, `query` and `body` say what the endpoint takes besides the credentials
 * (requests.ts); a part left out takes nothing.
 */
export const endpoints = {
  'POST /rest/bug_user_last_visit/{id}': {
    path: bugIdPathSchema,
    body: visitUpdateOptionalBodySchema,
    response: z.array(lastVisitSchema),
  },
  'POST /rest/bug_user_last_visit': {
    body: visitUpdateBodySchema,
    response: z.array(lastVisitSchema),
  },
  'GET /rest/bug_user_last_visit/{id}': {
    path: bugIdPathSchema,
    query: bugIdsQuerySchema,
    response: z.array(lastVisitOrNeverSchema),
  },
  'GET /rest/bug_user_last_visit': {
    query: bugIdsQuerySchema,
    response: z.array(lastVisitOrNeverSchema),
  },
  'GET /rest/version': { response: versionSchema },
  'GET /rest/extensions': { response: extensionsSchema },
  'GET /rest/timezone': { response: timezoneSchema },
  'GET /rest/time': { response: timeSchema },
  'GET /rest/parameters': { response: parametersSchema },
  'GET /rest/last_audit_time': { query: lastAuditTimeQuerySchema, response: lastAuditTimeSchema },
  'GET /rest/whoami': { response: whoamiSchema },
  'GET /rest/login': { query: loginQuerySchema, response: loginSchema },
  'GET /rest/logout': { response: logoutSchema },
  'GET /rest/valid_login': { query: validLoginQuerySchema, response: validLoginSchema },
  'GET /rest/bug/{id}': { path: bugIdPathSchema, query: bugQuery, response: bugGetSchema },
  'GET /rest/bug': {
    query: bugFieldsQuerySchema.extend(bugSearchQuerySchema.shape),
    response: z.union([bugSearchSchema, bugCountSchema]),
  },
  /** Bug.get of the query's `ids` only (5.2's route for `/bug/` with its trailing slash). */
  'GET /rest/bug/': {
    query: bugFieldsQuerySchema.extend({ ids: z.array(bugRefSchema) }),
    response: bugGetSchema,
  },
  'GET /rest/bug/{id}/comment': {
    path: bugIdPathSchema,
    query: bugFieldsQuerySchema.extend(newSinceQuerySchema.shape).extend(bugIdsQuerySchema.shape),
    response: bugCommentsSchema,
  },
  'GET /rest/bug/comment/{id}': { path: commentIdPathSchema, query: bugFieldsQuerySchema, response: bugCommentsSchema },
  'POST /rest/bug/{id}/comment': { path: bugIdPathSchema, body: addCommentBodySchema, response: addCommentSchema },
  'GET /rest/bug/{id}/history': {
    path: bugIdPathSchema,
    query: newSinceQuerySchema.extend(bugIdsQuerySchema.shape),
    response: bugHistorySchema,
  },
  ...catalogueEndpoints,
  ...bmoEndpoints,
  ...catalogueWriteEndpoints,
  ...userWriteEndpoints,
  'POST /rest/bug': { body: bugCreateBodySchema, response: bugCreateSchema },
  'PUT /rest/bug/{id}': { path: bugIdPathSchema, body: bugUpdateBodySchema, response: bugUpdateSchema },
  /** BMO's and bz-companion's; 5.2 has no such path (its RPC Bug.update takes `ids`). */
  'PUT /rest/bug': { body: bugUpdateBodySchema.required({ ids: true }), response: bugUpdateSchema },
  'GET /rest/bug/{id}/attachment': {
    path: bugIdPathSchema,
    query: attachmentsQuerySchema,
    response: bugAttachmentsSchema,
  },
  'GET /rest/bug/attachment/{id}': {
    path: attachmentIdPathSchema,
    query: attachmentsQuerySchema,
    response: bugAttachmentsSchema,
  },
  'POST /rest/bug/{id}/attachment': {
    path: bugIdPathSchema,
    body: addAttachmentBodySchema,
    response: addAttachmentSchema,
  },
  'PUT /rest/bug/attachment/{id}': {
    path: attachmentIdPathSchema,
    body: updateAttachmentBodySchema,
    response: updateAttachmentSchema,
  },
  'PUT /rest/bug/comment/{id}/tags': {
    path: commentTagsPathSchema,
    body: commentTagsBodySchema,
    response: tagListSchema,
  },
  'GET /rest/bug/comment/tags/{id}': { path: tagQueryPathSchema, query: tagSearchQuerySchema, response: tagListSchema },
  /** RPC only (RPC_ONLY_PREFIX): no REST resource answers it. */
  'POST /rpc/Bug.render_comment': { body: renderCommentBodySchema, response: renderCommentSchema },
  'POST /rpc/Bug.update_tags': { body: updateTagsBodySchema, response: updateTagsSchema },
  'POST /rpc/Bug.update_see_also': { body: updateSeeAlsoBodySchema, response: updateSeeAlsoSchema },
  'POST /rpc/Bug.possible_duplicates': { body: possibleDuplicatesBodySchema, response: bugSearchSchema },
} as const satisfies Record<string, EndpointSchemas>;

export interface EndpointSchemas {
  path?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response: ZodType;
}

export type EndpointKey = keyof typeof endpoints;

type RequestPart = 'path' | 'query' | 'body';

/** One part of an endpoint's request: required unless every member is optional (or it may be null); never when absent. */
type PartOf<E, P extends RequestPart> = E extends { [K in P]: infer S extends ZodType }
  ? // biome-ignore lint/complexity/noBannedTypes: "every member optional" is "{} is assignable".
    {} extends z.input<S>
    ? { [K in P]?: z.input<S> }
    : null extends z.input<S>
      ? { [K in P]?: z.input<S> }
      : { [K in P]: z.input<S> }
  : { [K in P]?: never };

/** What an endpoint takes, beyond the credentials; the client's calls are typed by it. */
export type RequestOf<K extends EndpointKey> = PartOf<(typeof endpoints)[K], 'path'> &
  PartOf<(typeof endpoints)[K], 'query'> &
  PartOf<(typeof endpoints)[K], 'body'>;

export type EndpointRequests = { [K in EndpointKey]: RequestOf<K> };

export type ResponseOf<K extends EndpointKey> = z.infer<(typeof endpoints)[K]['response']>;

/** Splits an endpoint key into its HTTP method and path template. */
export function splitEndpoint(key: EndpointKey): { method: 'GET' | 'POST' | 'PUT'; path: string } {
  const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
  return { method, path };
}

/** A method 5.2 has over XML-RPC and JSON-RPC only (its key under RPC_ONLY_PREFIX): no REST route, no REST document. */
export function isRpcOnly(key: EndpointKey): boolean {
  return splitEndpoint(key).path.startsWith(RPC_ONLY_PREFIX);
}
