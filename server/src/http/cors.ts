/** Request headers a browser may send cross-origin (preflight answer): every credential header BMO lists too. */
const ALLOWED_REQUEST_HEADERS =
  'content-type, x-bugzilla-api-key, x-bugzilla-token, x-bugzilla-login, x-bugzilla-password, authorization, accept, if-none-match';

/**
 * Sent on every answer, errors included. Any origin may call the API: it is
 * authenticated by what the request itself carries (key, token, password),
 * never by a cookie or other ambient credential, so a page can do no more
 * than an anonymous caller. (The bugzilla-5.2 profile reproduces 5.2's login
 * cookies on POST, but nothing here ever sets them.)
 * (@koa/cors answers preflights itself with 204; the contract wants OPTIONS
 * to answer 200 `{}` with `Allow`, see webservice/rest/api-router.ts.)
 */
export const ALLOW_ANY_ORIGIN = '*';

export function preflightHeaders(
  methods: string[],
  allowedHeaders: string = ALLOWED_REQUEST_HEADERS,
): Record<string, string> {
  const list = methods.join(', ');
  return {
    Allow: list,
    'Access-Control-Allow-Methods': list,
    'Access-Control-Allow-Headers': allowedHeaders,
    'Access-Control-Max-Age': '600',
  };
}
