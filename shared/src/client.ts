import type { ZodType } from 'zod';
import { type BugRef, type EndpointKey, endpoints, type RequestOf, type ResponseOf, splitEndpoint } from './api.js';
import { attachmentMethods, commentTagMethods } from './attachment-client.js';
import { normalizeBaseUrl, restUrl } from './base-url.js';
import type { Call, Caller, CallOptions, FieldsOptions } from './call.js';

export type { Call, Caller, CallOptions, FieldsOptions } from './call.js';

import { catalogueMethods } from './catalogue-client.js';
import { BugzillaApiError, NetworkError, ResponseShapeError } from './errors.js';
import type { BugFieldsQuery, BugSearchQuery } from './requests.js';
import { errorBodySchema } from './schemas.js';

/**
 * How the API key travels. Bugzilla 5.0.x and 5.2.x read only the
 * `Bugzilla_api_key` parameter and ignore the header; 5.1, 5.3+ and
 * bugzilla.mozilla.org read the `X-BUGZILLA-API-KEY` header, which keeps the
 * key out of URLs and logs.
 */
export type AuthMode = 'header' | 'query';

export interface ClientOptions {
  /** The tracker's address; `https://host/bugzilla`, with or without `/` or `/rest`. */
  baseUrl: string;
  apiKey?: string | undefined;
  authMode?: AuthMode | undefined;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined;
}

/** Bug.search criteria, one value each (several ids are one criterion); the bugs, never BMO's count. */
export type BugSearchCriteria = {
  [K in Exclude<keyof BugSearchQuery, 'count_only'>]?: K extends 'id' ? BugRef | readonly BugRef[] : string | number;
};

function fieldsQuery(fields: FieldsOptions | undefined): BugFieldsQuery {
  const query: BugFieldsQuery = {};
  if (fields?.includeFields?.length) query.include_fields = [fields.includeFields.join(',')];
  if (fields?.excludeFields?.length) query.exclude_fields = [fields.excludeFields.join(',')];
  return query;
}

/** One call of an endpoint: its key, what the endpoint takes (typed by the shared map), and call options. */

/** The parts of any endpoint's request, as the request builder reads them. */
interface RequestParts {
  path?: Record<string, BugRef>;
  query?: Record<string, BugRef | boolean | readonly BugRef[] | undefined>;
  body?: unknown;
}

function toArray(ids: BugRef | readonly BugRef[]): BugRef[] {
  return Array.isArray(ids) ? [...ids] : [ids as BugRef];
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

interface Settings {
  baseUrl: string;
  apiKey: string | undefined;
  authMode: AuthMode;
}

/** The URL and fetch options of a call: path and query filled in, the key where this tracker reads it. */
function buildRequest(settings: Settings, key: EndpointKey, parts: RequestParts, options: CallOptions | undefined) {
  const { method, path: template } = splitEndpoint(key);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(parts.path?.[name] ?? '')),
  );
  const url = restUrl(settings.baseUrl, path);
  for (const [name, values] of Object.entries(parts.query ?? {})) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) url.searchParams.append(name, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (settings.apiKey) {
    if (settings.authMode === 'header') headers['X-BUGZILLA-API-KEY'] = settings.apiKey;
    else url.searchParams.set('Bugzilla_api_key', settings.apiKey);
  }
  // A request that carries the key never follows a redirect by itself: the browser would send the
  // key on to wherever the tracker points (fetchText follows same-origin ones only).
  const init: RequestInit = { method, headers, credentials: 'omit', redirect: settings.apiKey ? 'manual' : 'follow' };
  if (options?.signal) init.signal = options.signal;
  if (parts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(parts.body);
  }
  return { method, url: url.toString(), init };
}

/** Redirects followed by hand (same origin only, see redirectTarget) before giving up. */
const MAX_REDIRECTS = 5;

/**
 * Fetches and reads the whole body; anything but an abort that stops it is a NetworkError, and so
 * is a redirect of a keyed request to another origin (the key is never sent there).
 */
async function fetchText(doFetch: typeof fetch, method: string, url: string, init: RequestInit) {
  const asNetworkError = (error: unknown): never => {
    if (isAbort(error)) throw error;
    throw new NetworkError(method, url, error);
  };
  let current = url;
  for (let hops = 0; ; hops++) {
    const response = await doFetch(current, init).catch(asNetworkError);
    const next = redirectTarget(response, current, method);
    if (next === undefined) {
      const text = await response.text().catch(asNetworkError);
      return { response, text };
    }
    if (next instanceof Error || hops >= MAX_REDIRECTS) throw new NetworkError(method, url, next);
    current = next;
  }
}

/**
 * Where a redirect answer (only seen with `redirect: 'manual'`) may be followed: the same origin,
 * keeping the method (307/308, or any for GET and HEAD). Else an error saying where it pointed.
 */
function redirectTarget(response: Response, from: string, method: string): string | Error | undefined {
  // A browser hides a manual redirect's status and Location entirely.
  if (response.type === 'opaqueredirect') {
    return new Error('the tracker redirects this request elsewhere; check its URL (the API key was not sent on)');
  }
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || location === null) return undefined;
  const target = new URL(location, from);
  const keepsMethod = response.status === 307 || response.status === 308 || method === 'GET' || method === 'HEAD';
  if (target.origin === new URL(from).origin && keepsMethod) return target.href;
  return new Error(
    `the tracker redirects to ${target.origin}${target.pathname}; check its URL (the API key was not sent there)`,
  );
}

/** The endpoint's answer checked against its schema, or the error the body or status describes. */
function readAnswer<K extends EndpointKey>(key: K, method: string, url: string, response: Response, text: string) {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const bugzillaError = errorBodySchema.safeParse(json);
  if (bugzillaError.success) {
    const { code, message } = bugzillaError.data;
    throw new BugzillaApiError({ status: response.status, code, message, method, url });
  }
  if (!response.ok) {
    const message = response.statusText || `HTTP ${response.status}`;
    throw new BugzillaApiError({ status: response.status, code: undefined, message, method, url });
  }
  if (json === undefined) throw new ResponseShapeError(method, url, response.status, 'the body is not JSON');
  const schema: ZodType = endpoints[key].response;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the body';
    throw new ResponseShapeError(method, url, response.status, `${where}: ${issue?.message}`);
  }
  return parsed.data as ResponseOf<K>;
}

export function createClient(options: ClientOptions) {
  const settings: Settings = {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    apiKey: options.apiKey,
    authMode: options.authMode ?? 'header',
  };
  const { baseUrl, authMode } = settings;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<K extends EndpointKey>(request: Call<K>): Promise<ResponseOf<K>> {
    const { method, url, init } = buildRequest(settings, request.key, request as RequestParts, request.options);
    const { response, text } = await fetchText(doFetch, method, url, init);
    return readAnswer(request.key, method, url, response, text);
  }

  return {
    baseUrl,
    authMode,
    lastVisit: lastVisitMethods(call),
    ...instanceMethods(call),
    bugs: bugMethods(call),
    attachments: attachmentMethods(call),
    commentTags: commentTagMethods(call),
    ...catalogueMethods(call),
  };
}

function lastVisitMethods(call: Caller) {
  return {
    /** Records a visit now to one bug (path form) or several (one batched request). */
    update(ids: BugRef | readonly BugRef[], callOptions?: CallOptions) {
      const list = toArray(ids);
      if (list.length === 1 && !Array.isArray(ids)) {
        return call({
          key: 'POST /rest/bug_user_last_visit/{id}',
          path: { id: list[0] as BugRef },
          options: callOptions,
        });
      }
      return call({ key: 'POST /rest/bug_user_last_visit', body: { ids: list }, options: callOptions });
    },
    /** The caller's last visit of each bug; `last_visit_ts: null` for bugs never visited. */
    get(ids: BugRef | readonly BugRef[], callOptions?: CallOptions) {
      const [first, ...rest] = toArray(ids);
      if (first === undefined) throw new TypeError('bz-companion: lastVisit.get needs at least one bug id');
      return call({
        key: 'GET /rest/bug_user_last_visit/{id}',
        path: { id: first },
        query: { ids: rest },
        options: callOptions,
      });
    },
    /** The caller's 20 most recently visited bugs, newest first. */
    recent(callOptions?: CallOptions) {
      return call({ key: 'GET /rest/bug_user_last_visit', options: callOptions });
    },
  };
}

/** The tracker's instance information: version, extensions, time, parameters, audit time, who you are. */
function instanceMethods(call: Caller) {
  return {
    version: (callOptions?: CallOptions) => call({ key: 'GET /rest/version', options: callOptions }),
    extensions: (callOptions?: CallOptions) => call({ key: 'GET /rest/extensions', options: callOptions }),
    timezone: (callOptions?: CallOptions) => call({ key: 'GET /rest/timezone', options: callOptions }),
    time: (callOptions?: CallOptions) => call({ key: 'GET /rest/time', options: callOptions }),
    parameters: (callOptions?: CallOptions) => call({ key: 'GET /rest/parameters', options: callOptions }),
    lastAuditTime: (classes?: readonly string[], callOptions?: CallOptions) =>
      call({ key: 'GET /rest/last_audit_time', query: { class: classes ? [...classes] : [] }, options: callOptions }),
    whoami: (callOptions?: CallOptions) => call({ key: 'GET /rest/whoami', options: callOptions }),
  };
}

function bugMethods(call: Caller) {
  return {
    /** Bug.get: the bugs by id or alias; one the caller may not see fails the whole request (code 102). */
    get(ids: BugRef | readonly BugRef[], fields?: FieldsOptions, callOptions?: CallOptions) {
      const [first, ...rest] = toArray(ids);
      if (first === undefined) throw new TypeError('bz-companion: bugs.get needs at least one bug id');
      return call({
        key: 'GET /rest/bug/{id}',
        path: { id: first },
        query: { ids: rest, ...fieldsQuery(fields) },
        options: callOptions,
      });
    },
    /** Bug.search: visible matching bugs by id; bugs the caller may not see are left out silently. */
    async search(criteria: BugSearchCriteria, fields?: FieldsOptions, callOptions?: CallOptions) {
      const query: Record<string, BugRef[] | undefined> = { ...fieldsQuery(fields) };
      for (const [name, value] of Object.entries(criteria)) {
        if (value === undefined) continue;
        query[name] = [Array.isArray(value) ? value.join(',') : (value as BugRef)];
      }
      const found = await call({ key: 'GET /rest/bug', query, options: callOptions });
      // Criteria cannot ask for count_only; a tracker that answers a count anyway answered out of shape.
      if (!('bugs' in found)) throw new ResponseShapeError('GET', '/rest/bug', 200, 'a bug count, not bugs');
      return found;
    },
    /** Bug.comments of one bug or several (one request), oldest first; with `newSince`, only those strictly later. */
    comments(
      ids: BugRef | readonly BugRef[],
      options: FieldsOptions & { newSince?: string } = {},
      callOptions?: CallOptions,
    ) {
      const [id, ...rest] = toArray(ids);
      if (id === undefined) throw new TypeError('bz-companion: bugs.comments needs at least one bug id');
      return call({
        key: 'GET /rest/bug/{id}/comment',
        path: { id },
        query: { ...fieldsQuery(options), ids: rest, new_since: options.newSince ? [options.newSince] : [] },
        options: callOptions,
      });
    },
    /** Bug.history of one bug or several (one request): change sets oldest first; with `newSince`, only those strictly later. */
    history(ids: BugRef | readonly BugRef[], options: { newSince?: string } = {}, callOptions?: CallOptions) {
      const [id, ...rest] = toArray(ids);
      if (id === undefined) throw new TypeError('bz-companion: bugs.history needs at least one bug id');
      return call({
        key: 'GET /rest/bug/{id}/history',
        path: { id },
        query: { ids: rest, new_since: options.newSince ? [options.newSince] : [] },
        options: callOptions,
      });
    },
    /** Bug.add_comment: resolves to the new comment's id once the tracker has stored it. */
    addComment(id: BugRef, comment: { comment: string; isPrivate?: boolean }, callOptions?: CallOptions) {
      const body: { comment: string; is_private?: boolean } = { comment: comment.comment };
      if (comment.isPrivate !== undefined) body.is_private = comment.isPrivate;
      return call({ key: 'POST /rest/bug/{id}/comment', path: { id }, body, options: callOptions });
    },
    /** Bug.create: resolves to the new bug's id once the tracker has stored it. */
    create(bug: NewBug, callOptions?: CallOptions) {
      return call({ key: 'POST /rest/bug', body: bug, options: callOptions });
    },
    /**
     * Bug.update of one bug or several (all or none change); resolves to what changed, per bug:
     * `{bugs: [{id, alias, last_change_time, changes: {field: {removed, added}}}]}`.
     */
    update(ids: BugRef | readonly BugRef[], changes: BugChanges, callOptions?: CallOptions) {
      const [first, ...rest] = toArray(ids);
      if (first === undefined) throw new TypeError('bz-companion: bugs.update needs at least one bug id');
      // 5.2 has no PUT /rest/bug: several bugs go through one bug's path with `ids` in the body.
      const body = rest.length === 0 ? changes : { ...changes, ids: [first, ...rest] };
      return call({ key: 'PUT /rest/bug/{id}', path: { id: first }, body, options: callOptions });
    },
  };
}

/** Bug.create's fields (`product`, `component`, `summary`, `version`, and the rest as 5.2 names them). */
export type NewBug = RequestOf<'POST /rest/bug'>['body'];

/** Bug.update's changes: fields, `{add, remove}` / `{add, remove, set}` forms, `comment`, `flags`; `ids` aside. */
export type BugChanges = Omit<NonNullable<RequestOf<'PUT /rest/bug/{id}'>['body']>, 'ids'>;

export type BugzillaClient = ReturnType<typeof createClient>;
