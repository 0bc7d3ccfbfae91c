import type { ZodType } from 'zod';
import { type BugRef, type EndpointKey, endpoints, type ResponseOf, splitEndpoint } from './api.js';
import { normalizeBaseUrl, restUrl } from './base-url.js';
import { BugzillaApiError, NetworkError, ResponseShapeError } from './errors.js';
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

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

interface Call {
  key: EndpointKey;
  path?: Record<string, BugRef>;
  query?: Record<string, BugRef[] | undefined>;
  body?: unknown;
  options?: CallOptions | undefined;
}

function toArray(ids: BugRef | readonly BugRef[]): BugRef[] {
  return Array.isArray(ids) ? [...ids] : [ids as BugRef];
}

export function createClient(options: ClientOptions) {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const authMode: AuthMode = options.authMode ?? 'header';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<K extends EndpointKey>(request: Call & { key: K }): Promise<ResponseOf<K>> {
    const { method, path: template } = splitEndpoint(request.key);
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(request.path?.[name] ?? '')),
    );
    const url = restUrl(baseUrl, path);
    for (const [name, values] of Object.entries(request.query ?? {})) {
      for (const value of values ?? []) url.searchParams.append(name, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.apiKey) {
      if (authMode === 'header') headers['X-BUGZILLA-API-KEY'] = options.apiKey;
      else url.searchParams.set('Bugzilla_api_key', options.apiKey);
    }
    const init: RequestInit = { method, headers, credentials: 'omit' };
    if (request.options?.signal) init.signal = request.options.signal;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }

    let response: Response;
    try {
      response = await doFetch(url.toString(), init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkError(method, url.toString(), error);
    }
    const text = await response.text().catch((error: unknown) => {
      if (isAbort(error)) throw error;
      throw new NetworkError(method, url.toString(), error);
    });
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const bugzillaError = errorBodySchema.safeParse(json);
    if (bugzillaError.success) {
      throw new BugzillaApiError({
        status: response.status,
        code: bugzillaError.data.code,
        message: bugzillaError.data.message,
        method,
        url: url.toString(),
      });
    }
    if (!response.ok) {
      throw new BugzillaApiError({
        status: response.status,
        code: undefined,
        message: response.statusText || `HTTP ${response.status}`,
        method,
        url: url.toString(),
      });
    }
    if (json === undefined) {
      throw new ResponseShapeError(method, url.toString(), response.status, 'the body is not JSON');
    }
    const schema: ZodType = endpoints[request.key].response;
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'the body';
      throw new ResponseShapeError(method, url.toString(), response.status, `${where}: ${issue?.message}`);
    }
    return parsed.data as ResponseOf<K>;
  }

  return {
    baseUrl,
    authMode,
    lastVisit: {
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
    },
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

export type BugzillaClient = ReturnType<typeof createClient>;

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
