import type { IncomingHttpHeaders } from 'node:http';
import { AdminError } from './admin-error.js';

/**
 * The admin API replaces the store, installs faults and shows the request journal, so no web page
 * may drive or read it (CSRF). A browser marks every cross-origin request with `Origin` and
 * `Sec-Fetch-Site`, and can send a write without a preflight only as a "simple" request (no body
 * type, or text/plain, form types). So: any request a browser says comes from another site is
 * refused, and a body must be declared `application/json`, which no page can send cross-origin
 * without a preflight (and the admin API answers no preflight, sending no CORS headers at all).
 * Test code (Node's fetch, curl) sends neither header and keeps working, a bodiless reset too.
 */
export function checkAdminRequest(method: string, headers: IncomingHttpHeaders, ownOrigin: string): void {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new AdminError(403, 'the admin API refuses requests from web pages of other sites');
  }
  const origin = headers.origin;
  if (origin !== undefined && origin !== ownOrigin) {
    throw new AdminError(
      403,
      `the admin API refuses requests from ${origin}: it answers this server's own origin only`,
    );
  }
  if (method !== 'GET' && method !== 'HEAD' && hasBody(headers) && !isJson(headers['content-type'])) {
    throw new AdminError(415, 'an admin request body must be sent as Content-Type: application/json');
  }
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType.trim());
}
