/** Request headers a browser may send cross-origin (preflight answer). */
export const ALLOWED_REQUEST_HEADERS = 'content-type, x-bugzilla-api-key, authorization, accept, if-none-match';

/**
 * Sent on every answer, errors included. Any origin may call the API: it is
 * authenticated by API key only, never by a cookie or other ambient
 * credential, so a page can do no more than an anonymous caller.
 * (@koa/cors answers preflights itself with 204; the contract wants OPTIONS
 * to answer 200 `{}` with `Allow`, see routes/api-router.ts.)
 */
export const ALLOW_ANY_ORIGIN = '*';

export function preflightHeaders(methods: string[]): Record<string, string> {
  const list = methods.join(', ');
  return {
    Allow: list,
    'Access-Control-Allow-Methods': list,
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}
