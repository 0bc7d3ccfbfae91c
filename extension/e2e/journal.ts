import type { RecordedRequest } from '@bz-companion/shared';

/** The bug page's banner reading the previous visit of one bug before this one is recorded (not a delivery). */
export const readsPreviousVisit = (request: RecordedRequest) =>
  request.method === 'GET' && /^\/rest\/bug_user_last_visit\/[^/]+$/.test(request.path);

/**
 * What the tracker was sent about last visits, as `METHOD path status`
 * (status null: no answer), apart from the banner's reads of one visit.
 */
export function lastVisitRequests(journal: RecordedRequest[]): string[] {
  return journal
    .filter((request) => request.path.startsWith('/rest/bug_user_last_visit') && !readsPreviousVisit(request))
    .map((request) => `${request.method} ${request.path} ${request.status}`);
}

/** How the API key travelled in one request: the journal redacts it, but keeps where it was. */
export function keySentAs(request: RecordedRequest): 'header' | 'query' | 'none' {
  if (request.headers['x-bugzilla-api-key'] !== undefined) return 'header';
  if (request.query.Bugzilla_api_key !== undefined || request.query.api_key !== undefined) return 'query';
  return 'none';
}

/** The bugs whose visits the tracker accepted (200), one POST per bug or several in one batch. */
export function recordedVisits(journal: RecordedRequest[]): string[] {
  return journal
    .filter((request) => request.method === 'POST' && request.status === 200)
    .flatMap((request) => {
      if (request.path === '/rest/bug_user_last_visit')
        return ((request.body as { ids: unknown[] }).ids ?? []).map(String);
      const single = /^\/rest\/bug_user_last_visit\/([^/]+)$/.exec(request.path);
      return single ? [decodeURIComponent(single[1] as string)] : [];
    });
}
