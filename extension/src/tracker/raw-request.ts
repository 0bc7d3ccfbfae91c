import { type AuthMode, BugzillaApiError, NetworkError } from '@bz-companion/shared';
import type { Tracker } from '../common/trackers.js';
import { oneAtATime } from './one-at-a-time.js';

/**
 * One REST request the shared client cannot make as the extension needs it (see its callers), with
 * the key where the tracker reads it and one request at a time where the key goes in the query
 * (as the client does); a Bugzilla error or a dropped connection is thrown as the client throws it.
 */
export async function rawRequest(
  tracker: Tracker,
  authMode: AuthMode,
  fetchImpl: typeof fetch,
  {
    method,
    path,
    query = [],
    body,
  }: { method: 'GET' | 'PUT'; path: string; query?: Array<[string, string]>; body?: object },
): Promise<unknown> {
  const url = new URL(`${tracker.url}rest/${path}`);
  for (const [name, value] of query) url.searchParams.append(name, value);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  if (authMode === 'query') url.searchParams.set('Bugzilla_api_key', tracker.apiKey);
  else headers['X-BUGZILLA-API-KEY'] = tracker.apiKey;
  const send = authMode === 'query' ? oneAtATime(tracker.url, fetchImpl) : fetchImpl;
  const shown = `${tracker.url}rest/${path}`;
  const init: RequestInit = { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) };
  const response = await send(url, init).catch((error: unknown) => {
    throw new NetworkError(method, shown, error);
  });
  const json = (await response.json().catch(() => null)) as { error?: unknown; code?: number; message?: string } | null;
  if (!response.ok || json === null || json.error) {
    throw new BugzillaApiError({
      status: response.status,
      code: json?.code,
      message: json?.message ?? (response.statusText || `HTTP ${response.status}`),
      method,
      url: shown,
    });
  }
  return json;
}
