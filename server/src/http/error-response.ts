import type { ServerResponse } from 'node:http';
import type { BugzillaErrorBody } from '@bz-companion/shared';
import type { BugzillaError } from '../bugzilla/errors.js';
import { ALLOW_ANY_ORIGIN } from './cors.js';
import { JSONP_CONTENT_TYPE, wrapJsonp } from './jsonp.js';

/** Where a Bugzilla error points readers, as 5.2 does in every error body. */
export const DOCUMENTATION_URL = 'https://bugzilla.readthedocs.io/en/5.2/api/index.html';

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  /** Bugzilla's error JSON; leave it out of an answer to HEAD. */
  body: string;
}

/**
 * The one place an error becomes an answer, whoever sends it (the app, the
 * HTTP parser's refusals, the server while it starts): Bugzilla's body with
 * `documentation`, the error's status and headers, and CORS, since a page
 * that cannot read an error cannot tell the user what went wrong. A JSONP
 * call gets its error as JSONP, as 5.2 does once it has accepted the callback.
 * `documentation` is the profile's tracker's (each points at its own docs).
 */
export function renderError(
  error: BugzillaError,
  jsonpCallback?: string,
  documentation: string = DOCUMENTATION_URL,
): ErrorResponse {
  const body: BugzillaErrorBody = { error: true, code: error.code, message: error.message, documentation };
  const json = JSON.stringify(body);
  const headers: Record<string, string> = {};
  for (const name of Object.keys(error.headers)) headers[name] = error.headers[name] as string;
  headers['Content-Type'] = jsonpCallback ? JSONP_CONTENT_TYPE : JSON_CONTENT_TYPE;
  headers['Access-Control-Allow-Origin'] = ALLOW_ANY_ORIGIN;
  return { status: error.status, headers, body: jsonpCallback ? wrapJsonp(jsonpCallback, json) : json };
}

/** For answers sent outside the Koa app, straight on Node's response. Node leaves the body out for HEAD. */
export function sendError(response: ServerResponse, error: BugzillaError): void {
  const { status, headers, body } = renderError(error);
  // `headers` is this answer's own object (renderError made it).
  headers['Content-Length'] = String(Buffer.byteLength(body));
  response.writeHead(status, headers);
  response.end(body);
}
