import {
  type AuthMode,
  BugzillaApiError,
  errorBodySchema,
  NetworkError,
  ResponseShapeError,
  restUrl,
} from '@bz-companion/shared';
import { z } from 'zod';
import type { Tracker } from './trackers.js';

const bugIdsSchema = z.object({ bugs: z.array(z.looseObject({ id: z.number().int() })).min(1) });

/**
 * The number of a bug named by its alias: `GET /rest/bug/{alias}?include_fields=id`,
 * which every Bugzilla 5.x answers (5.0/5.2 take only numbers in
 * `/rest/bug_user_last_visit/{id}`). The shared client has no Bug.get yet and
 * its endpoint map is the server's too, so this one request is made here,
 * throwing the shared client's error classes so the caller classifies it
 * like any other.
 */
export async function bugNumber(tracker: Tracker, authMode: AuthMode, alias: string, fetchImpl: typeof fetch) {
  const url = restUrl(tracker.url, `rest/bug/${encodeURIComponent(alias)}`);
  url.searchParams.set('include_fields', 'id');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (tracker.apiKey && authMode === 'header') headers['X-BUGZILLA-API-KEY'] = tracker.apiKey;
  if (tracker.apiKey && authMode === 'query') url.searchParams.set('Bugzilla_api_key', tracker.apiKey);
  let text: string;
  let status: number;
  try {
    const response = await fetchImpl(url.toString(), { headers, credentials: 'omit' });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new NetworkError('GET', url.toString(), error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ResponseShapeError('GET', url.toString(), status, 'the body is not JSON');
  }
  const error = errorBodySchema.safeParse(json);
  if (error.success) {
    const { code, message } = error.data;
    throw new BugzillaApiError({ status, code, message, method: 'GET', url: url.toString() });
  }
  const parsed = bugIdsSchema.safeParse(json);
  if (status !== 200 || !parsed.success) {
    throw new ResponseShapeError('GET', url.toString(), status, 'no bug in the answer');
  }
  return (parsed.data.bugs[0] as { id: number }).id;
}
